import Foundation
import JSON
import ScreenKinds
import StateRestore
import Testing

/// `restore --document`: a document the tool cannot use exits 65 before the database is opened;
/// documents are limited by `JSONLimits.default` (8 MiB plus room for structure), not by the
/// 1 MiB record limit.
extension HostileInputTests {
    static let refusedDocuments: [HostileBytes] = [
        HostileBytes("invalid UTF-8 in a title", Array(#"{"books":[{"id":1,"title":"a"#.utf8) + [0xFE] + Array(#""}]}"#.utf8), "string is not valid UTF-8"),
        HostileBytes("Latin-1 text", Array(#"{"books":[{"id":1,"title":"caf"#.utf8) + [0xE9] + Array(#""}]}"#.utf8), "not valid UTF-8"),
        HostileBytes("100,000-deep nesting", HostileBytes.nested(100_000, inside: #"{"books":"#, "}"), "nested deeper than 64 levels"),
        HostileBytes(
            "larger than 8 MiB + 64 KiB",
            Array(#"{"books":[{"id":1,"title":""#.utf8) + [UInt8](repeating: 0x62, count: JSONLimits.default.maxBytes) + Array(#""}]}"#.utf8),
            "larger than the limit of \(JSONLimits.default.maxBytes) bytes"
        ),
        HostileBytes("id 1e30", #"{"books":[{"id":1e30,"title":"a"}]}"#, "books[0].id must be an integer, got number 1e+30"),
        HostileBytes("id Int64.max + 1", #"{"books":[{"id":9223372036854775808,"title":"a"}]}"#, "books[0].id must be an integer, got number"),
        HostileBytes("id 2.0", #"{"books":[{"id":1,"title":"a"},{"id":2.0,"title":"b"}]}"#, "books[1].id must be an integer, got number 2.0"),
        HostileBytes("id a string", #"{"books":[{"id":"1","title":"a"}]}"#, #"books[0].id must be an integer, got string "1""#),
        HostileBytes("id null", #"{"books":[{"id":null,"title":"a"}]}"#, "books[0].id must be an integer, got null"),
        HostileBytes("title a number", #"{"books":[{"id":1,"title":5}]}"#, "books[0].title must be a string, got integer 5"),
        HostileBytes("title an array", #"{"books":[{"id":1,"title":["a"]}]}"#, "books[0].title must be a string, got array"),
        HostileBytes("missing id", #"{"books":[{"title":"a"}]}"#, #"books[0] is missing "id""#),
        HostileBytes("missing title", #"{"books":[{"id":1}]}"#, #"books[0] is missing "title""#),
        HostileBytes("entry not an object", #"{"books":[1]}"#, "books[0] must be an object, got integer 1"),
        HostileBytes("duplicate IDs", #"{"books":[{"id":7,"title":"a"},{"id":7,"title":"b"}]}"#, "duplicate book ID 7 at books[0] and books[1]"),
        HostileBytes("duplicate negative IDs", #"{"books":[{"id":-1,"title":"a"},{"id":2,"title":"b"},{"id":-1,"title":"c"}]}"#, "duplicate book ID -1 at books[0] and books[2]"),
        HostileBytes("duplicate Int64.min", #"{"books":[{"id":-9223372036854775808,"title":"a"},{"id":-9223372036854775808,"title":"a"}]}"#, "duplicate book ID -9223372036854775808"),
        HostileBytes("books missing", #"{"shelves":[]}"#, #"document has no "books" array"#),
        HostileBytes("books an object", #"{"books":{"id":1,"title":"a"}}"#, #"document's "books" must be an array, got object"#),
        HostileBytes("books null", #"{"books":null}"#, #"document's "books" must be an array, got null"#),
        HostileBytes("books twice", #"{"books":[],"books":[]}"#, #"duplicate key "books""#),
        HostileBytes("an array", "[]", "document must be a JSON object"),
        HostileBytes("null", "null", "document must be a JSON object"),
        HostileBytes("empty file", "", "unexpected end of input"),
    ]

    @Test(arguments: refusedDocuments)
    func restoreRefusesDocumentExit65BeforeTouchingTheDatabase(document: HostileBytes) throws {
        let file = try file("document.json", document.bytes)
        try expectRefusal(["restore", "--db", stateFile.path, "--scene", "main", "--document", file, "--json"], mentioning: document.problem)
        let again = CapturedRun(["restore", "--db", stateFile.path, "--scene", "main", "--document", file])
        #expect(again.stderr.hasPrefix("restorectl: invalid document \(file): "), "\(again.stderr)")
    }

    @Test func an8MiBTitleIsAcceptedBecauseDocumentsAreNotRecords() throws {
        let title = String(repeating: "t", count: 8 << 20)
        let document = try file("document.json", #"{"books":[{"id":1,"title":"\#(title)"},{"id":10,"title":"x"}]}"#.utf8)
        saveMainRecord()
        let restored = try restoreMain(against: document)
        guard case .array(let rows)? = restored["frame"]?["rows"] else {
            Issue.record("no rows")
            return
        }
        #expect(rows.map { $0["id"] } == [1, 10])
        #expect(rows.first?["title"] == .string(title))
    }

    @Test func extremeAndNegativeBookIDsAreData() throws {
        #expect(CapturedRun(["migrate", "--db", stateFile.path]).exitCode == 0)
        let document = try file("ids.json", Self.idsDocument.utf8)
        let restored = try restoreMain(against: document)
        guard case .array(let rows)? = restored["frame"]?["rows"] else {
            Issue.record("no rows")
            return
        }
        #expect(rows.map { $0["id"] } == [.integer(.min), -5, -2, -1, 0, 8, 9, 10, 11, .integer(.max)])
        #expect(Self.reportCodes(restored) == ["no-record"])
    }

    @Test func anEmptyCatalogWithUnknownMembersRestoresTheSavedStateAgainstNothing() throws {
        saveMainRecord()
        let document = try file("empty.json", #"{"books":[],"extra":{"deep":[[[1e999]]]},"version":"x"}"#.utf8)
        let restored = try restoreMain(against: document)
        #expect(restored["frame"]?["rows"] == [])
        #expect(restored["state"]?["selectedID"] == .null)
        #expect(Self.reportCodes(restored).contains("selection-cleared"))
    }
}
