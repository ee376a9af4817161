import Foundation
import JSON
import StateRestore
import StateStore
import TestSupport
import Testing

/// A kind read from its format folder (`RecordKind(formats:)`, what `restorectl --formats`
/// uses) reads records as the kind's own type does, as far as data can: the folder is written
/// from the type itself here, as an app's format test records it.
@Suite struct RecordKindFormatsTests {
    /// An app's kind at format 3, readable by format 2 readers.
    struct InboxState: RestorableState {
        enum Sort: String, Codable, CaseIterable { case date, sender }
        static let kind = "inbox"
        static let currentVersion = 3
        static let minReaderVersion = 2
        static let defaultValue = InboxState(query: "", sort: .date, selectedID: nil)
        var query: String
        var sort: Sort
        var selectedID: Int?
    }

    let file: StateFile
    let kind: RecordKind

    init() throws {
        file = try StateFile()
        let folder = FormatFolder(file.folder.url.appendingPathComponent("Formats/inbox"))
        try folder.write(try KindFormat(current: InboxState.self))
        kind = try #require(try RecordKind.kinds(fromFormatsIn: file.folder.url.appendingPathComponent("Formats")).first)
    }

    private func condition(_ payload: String) -> RecordCondition {
        kind.condition(of: StoredRecord(account: "default", scene: "main", kind: "inbox", version: 1, payload: Data(payload.utf8), updatedAt: 0))
    }

    @Test func theKindTakesItsNameAndVersionFromTheFolder() {
        #expect(kind.name == "inbox")
        #expect(kind.currentVersion == 3)
        #expect(!kind.restoresAgainstDocument)
    }

    @Test func recordsAreClassifiedByTheRecordedShapeAndEnvelope() {
        #expect(condition(#"{"version": 3, "query": "a", "sort": "sender"}"#) == .readable)
        #expect(condition(#"{"version": 3}"#) == .readable)
        #expect(condition(#"{"version": 4, "minReaderVersion": 3, "query": "a", "more": 1}"#) == .readThroughMinReaderVersion(3))
        #expect(condition(#"{"version": 4, "query": "a"}"#) == .newer(version: 4))
        #expect(condition(#"{"version": 3, "sort": "thread"}"#) == .unreadable(#"record does not fit the recorded shape of format 3: `sort` is "thread", not one of "date", "sender""#))
        #expect(condition(#"{"version": 3, "selectedID": "7"}"#) == .unreadable(#"record does not fit the recorded shape of format 3: `selectedID` is string "7", not an integer"#))
        #expect(condition("[]") == .unreadable("record must be a JSON object, got array"))
        guard case .unchecked(let reason) = condition(#"{"version": 2, "query": "a"}"#) else {
            Issue.record("an older format without a recorded shape is not unchecked")
            return
        }
        #expect(reason.hasPrefix("format 2 has no recorded shape (shape-v2.json)"))
    }

    @Test func restoringFromTheFolderGivesTheStateTheTypesOwnRestoreGives() throws {
        let path = file.path
        let key = try SceneKey(scene: "main")
        let restorer = StateRestorer(path: path)
        defer { try? restorer.close() }
        // Stored as another writer left it, with fields absent (a save fills them).
        let store = try StateDatabase.openForWriting(path)
        try store.saveRecord(#"{"version": 3, "sort": "sender"}"#, version: 3, account: key.account, scene: key.scene, kind: kind.name)
        store.close()

        let fromType = restorer.restore(InboxState.self, key)
        let fromFolder = try #require(kind.contextWithoutDocument).restore(key, with: restorer)
        // Keys in the folder's (sorted) order, not the type's declaration order.
        #expect(fromFolder.state.encoded(sortedKeys: true) == fromType.summary.state.encoded(sortedKeys: true))
        #expect(fromFolder.report.map(\.code) == [.defaultsApplied])
        #expect(fromFolder.report.map(\.detail) == fromType.report.map(\.detail))
    }

    @Test func savingChecksTheRecordAgainstItsFormatsShape() throws {
        #expect(throws: RestoreError.doesNotFitShape(version: 3, violations: ["`query` is null, but it is required"])) {
            try kind.validateForSave(Data(#"{"version": 3, "query": null}"#.utf8))
        }
        #expect(try kind.validateForSave(Data(#"{"version": 9, "query": 1}"#.utf8)).isNewerThanThisBuild)
        #expect(try kind.validateForSave(Data(#"{"version": 1, "anything": true}"#.utf8)).version == 1)
    }

    @Test func aFormatFileNamingAnotherKindThanItsFolderIsRefused() throws {
        let folder = FormatFolder(file.folder.url.appendingPathComponent("Other/outbox"))
        try folder.write(try KindFormat(current: InboxState.self))
        #expect(throws: RestoreError.self) { try RecordKind.kinds(fromFormatsIn: file.folder.url.appendingPathComponent("Other")) }
    }
}
