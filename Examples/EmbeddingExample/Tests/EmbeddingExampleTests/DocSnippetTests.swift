import StateRestore
import StateRestoreTesting
import Testing

/// The articles' snippets that compute something do what their text says.
@Suite struct DocSnippetTests {
    /// DefiningAKind's retyping step: an integer is `.integer(Int64)`, written back as a double.
    @Test func theRetypingStepMatchesTheIntegerCaseAndWritesADouble() {
        var record: JSONObject = ["fontSize": .integer(34), "page": 3]
        upgradeFontSize(&record, from: 2)
        #expect(record["fontSize"] == .double(2) && record["page"] == 3)
        upgradeFontSize(&record, from: 3)
        #expect(record["fontSize"] == .double(2))
    }

    /// DefiningAKind's `SearchState`: policies inferred from literals take effect (a budget of
    /// its own, refused over it), where a requirement of one fixed type would miss them.
    @Test func policiesInferredFromLiteralsTakeEffect() throws {
        let preview = try TemporaryRestorer()
        defer { try? preview.close() }
        let key = try SceneKey(scene: "search")
        try preview.restorer.save(SearchState(query: String(repeating: "q", count: 3 * 1024)), for: key)
        #expect(throws: RestoreError.self) { try preview.restorer.save(SearchState(query: String(repeating: "q", count: 5 * 1024)), for: key) }
        do {
            try preview.restorer.save(SearchState(query: String(repeating: "q", count: 5 * 1024)), for: key)
        } catch RestoreError.recordOverBudget(_, let kind, let size) {
            #expect(kind == "search" && size.budget == 4 * 1024)
        }
    }
}
