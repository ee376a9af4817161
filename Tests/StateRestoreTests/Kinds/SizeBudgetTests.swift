import Foundation
import StateRestore
import StateRestoreTesting
import StateStore
import TestSupport
import Testing

/// Size budgets: a kind that declares one refuses saves over it and keeps its stored record; a
/// kind that does not is held to the default budget, and a save over it is written and
/// reported. Either way the record's largest fields are named by JSON path.
@MainActor
@Suite struct SizeBudgetTests {
    /// An app kind with a budget of its own.
    struct BoardState: RestorableState {
        struct Filters: Codable, Equatable {
            var tags: [String]
        }
        struct Row: Codable, Equatable {
            var id: Int
            var body: String
        }
        static let kind = "board"
        static let currentVersion = 1
        static let defaultValue = BoardState(title: "", filters: Filters(tags: []), rows: [])
        static let maxRecordBytes: Int? = 2_000
        var title: String
        var filters: Filters
        var rows: [Row]
    }

    /// An app kind that declares no budget: the default one applies.
    struct DraftState: RestorableState {
        static let kind = "draft"
        static let currentVersion = 1
        static let defaultValue = DraftState(subject: "", body: "")
        var subject: String
        var body: String
    }

    let file: StateFile
    let key: SceneKey

    init() throws {
        file = try StateFile()
        key = try SceneKey(scene: "main")
    }

    private func storedPayload(kind: String) throws -> String? {
        let store = try Store(readingExistingFileAt: file.path)
        defer { store.close() }
        return try store.record(account: key.account, scene: key.scene, kind: kind).map { String(decoding: $0.payload, as: UTF8.self) }
    }

    private static let manyTags = BoardState(
        title: "Sprint", filters: .init(tags: (1...60).map { "tag-\(String(repeating: "x", count: 30))-\($0)" }), rows: [])
    private static let longRows = BoardState(
        title: "Sprint", filters: .init(tags: ["a"]), rows: (1...12).map { .init(id: $0, body: String(repeating: "b", count: 200)) })
    private static let longDraft = DraftState(subject: "Trip", body: String(repeating: "z", count: 300_000))

    @Test func aHandSaveOverADeclaredBudgetThrowsNamingTheLargestFieldAndKeepsTheStoredRecord() throws {
        let restorer = StateRestorer(path: file.path)
        defer { try? restorer.close() }
        let small = BoardState(title: "Sprint", filters: .init(tags: ["a"]), rows: [])
        try restorer.save(small, for: key)
        let stored = try #require(try storedPayload(kind: BoardState.kind))

        let error = try #require(throws: RestoreError.self) { try restorer.save(Self.manyTags, for: key) }
        guard case .recordOverBudget(let scene, let kind, let size) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(scene == key.description && kind == "board")
        #expect(size.budget == 2_000 && size.bytes > 2_000)
        #expect(size.largestFields.first?.path == "filters.tags", "\(size)")
        #expect(error.localizedDescription.contains("largest fields: filters.tags ("), "\(error.localizedDescription)")
        #expect(try storedPayload(kind: BoardState.kind) == stored)
        #expect(restorer.oversizedSaves.isEmpty)
    }

    @Test func aPersistedSaveOverADeclaredBudgetIsSkippedWithTheLargestFieldAndTheStoredRecordStays() throws {
        let restorer = StateRestorer(path: file.path, scheduler: ManualWriteScheduler())
        defer { try? restorer.close() }
        let restored = restorer.restore(BoardState.self, key)
        var state = restored.state
        let tracking = restorer.persist(from: restored, turns: ManualTurnScheduler()) { state }
        state.title = "Sprint"
        tracking.saveCurrentState()
        #expect(try restorer.flush() == [])
        let stored = try #require(try storedPayload(kind: BoardState.kind))
        #expect(restorer.unwrittenSaves.isEmpty)

        state = Self.longRows
        tracking.saveCurrentState()
        #expect(try restorer.flush() == [key])
        let unwritten = try #require(restorer.unwrittenSaves.first)
        guard case .overBudget(let size) = unwritten.reason else {
            Issue.record("\(unwritten)")
            return
        }
        #expect(restorer.unwrittenSaves.count == 1 && unwritten.key == key && unwritten.kind == "board")
        #expect(size.largestFields.first?.path == "rows[].body", "\(size)")
        #expect(size.largestFields.first?.bytes == 12 * 202)
        #expect(unwritten.description.contains("over the budget of 2000 bytes; largest fields: rows[].body (2424 bytes)"), "\(unwritten)")
        #expect(try storedPayload(kind: BoardState.kind) == stored)
        #expect(restorer.oversizedSaves.isEmpty)
    }

    @Test func aPersistedSaveOverTheDefaultBudgetIsWrittenAndReportedUntilOneWithinIt() throws {
        let restorer = StateRestorer(path: file.path, scheduler: ManualWriteScheduler())
        defer { try? restorer.close() }
        let restored = restorer.restore(DraftState.self, key)
        var state = restored.state
        let tracking = restorer.persist(from: restored, turns: ManualTurnScheduler()) { state }
        state = Self.longDraft
        tracking.saveCurrentState()
        #expect(try restorer.flush() == [])
        #expect(restorer.unwrittenSaves.isEmpty)
        #expect(try storedPayload(kind: DraftState.kind)?.contains(Self.longDraft.body) == true)
        let oversized = try #require(restorer.oversizedSaves.first)
        #expect(restorer.oversizedSaves.count == 1 && oversized.key == key && oversized.kind == "draft")
        #expect(oversized.size.budget == RecordSizeBreakdown.defaultBudget && oversized.size.budget == 262_144)
        #expect(oversized.size.largestFields.first?.path == "body" && oversized.size.largestFields.first?.bytes == 300_002)
        #expect(oversized.description.contains("largest fields: body (300002 bytes), subject (6 bytes)"), "\(oversized)")

        state.body = "short"
        tracking.saveCurrentState()
        #expect(try restorer.flush() == [])
        #expect(restorer.oversizedSaves.isEmpty)
    }

    @Test func aHandSaveOverTheDefaultBudgetIsWrittenAndReported() throws {
        let restorer = StateRestorer(path: file.path)
        defer { try? restorer.close() }
        try restorer.save(Self.longDraft, for: key)
        #expect(try storedPayload(kind: DraftState.kind)?.contains(Self.longDraft.body) == true)
        #expect(restorer.oversizedSaves.map(\.size.largestFields.first?.path) == ["body"])
    }

    @Test func checkWarnsOfARecordOverItsKindsBudgetNamingItsLargestFieldAndStaysHealthy() throws {
        let restorer = StateRestorer(path: file.path)
        try restorer.save(Self.longDraft, for: key)
        try restorer.save(DraftState(subject: "Small", body: "ok"), for: try SceneKey(scene: "other"))
        try restorer.close()

        let check = try DatabaseCheck.run(file.path, kinds: [RecordKind(DraftState.self)])
        #expect(check.isHealthy && check.problems.isEmpty)
        #expect(check.recordsChecked == 2)
        #expect(check.warnings.count == 1)
        #expect(check.warnings.first?.hasPrefix("draft record of scene \"main\" of account \"default\": record is ") == true, "\(check.warnings)")
        #expect(check.warnings.first?.contains("over the budget of 262144 bytes; largest fields: body (300002 bytes)") == true, "\(check.warnings)")
    }

    @Test func theBreakdownNamesNestedFieldsAndArrayElementsLargestFirst() throws {
        let store = try Store(path: file.path, migrator: StateMigrations.makeMigrator())
        defer { store.close() }
        let record = """
            {"version":1,"title":"Sprint","notes":"\(String(repeating: "n", count: 1_000))",\
            "filters":{"tags":["\(String(repeating: "t", count: 1_500))"],"owner":"me"},\
            "rows":[{"id":1,"body":"\(String(repeating: "b", count: 100))"},{"id":2,"body":"\(String(repeating: "b", count: 100))"}]}
            """
        try store.saveRecord(record, version: 1, account: key.account, scene: key.scene, kind: BoardState.kind)
        let stored = try #require(try store.record(account: key.account, scene: key.scene, kind: BoardState.kind))

        let size = try #require(RecordKind(BoardState.self).sizeBreakdown(of: stored))
        #expect(size.bytes == stored.payload.count && size.budget == 2_000)
        #expect(size.largestFields.map(\.path) == ["filters.tags", "notes", "rows[].body"])
        #expect(size.largestFields.map(\.bytes) == [1_504, 1_002, 204])
    }
}
