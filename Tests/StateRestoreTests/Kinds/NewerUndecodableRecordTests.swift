import Foundation
import ScreenKinds
import ScreenModels
import StateStore
import TestSupport
import Testing

@testable import StateRestore

/// A newer release's record that says this build may read it (`minReaderVersion`) yet does not
/// decode is that release's, kept in place: the launch reports `record-newer-unreadable` and
/// leaves it, and `check` and the kinds read from format folders agree it is nothing wrong
/// (before, `check` counted it a problem, and a format-folder kind called it unreadable). A
/// record of this build's own format that does not decode stays a problem everywhere.
@Suite struct NewerUndecodableRecordTests {
    let file: StateFile
    var path: String { file.path }
    let key: SceneKey
    /// Format 9 of the catalog, readable by a format-1 reader, whose query is a number.
    let newer = #"{"version":9,"minReaderVersion":1,"query":42}"#

    init() throws {
        file = try StateFile()
        key = try SceneKey(scene: "window")
    }

    private func seed(_ payload: String, version: Int) throws {
        let store = try Store(path: path, migrator: StateMigrations.makeMigrator())
        defer { store.close() }
        try store.saveRecord(payload, version: version, account: key.account, scene: key.scene, kind: CatalogViewState.kind)
    }

    @Test func theLaunchKeepsItAndCheckCallsItNoProblem() throws {
        try seed(newer, version: 9)
        let restorer = StateRestorer(path: path)
        let restored = restorer.restore(CatalogViewState.self, key, against: CatalogDocument(books: []))
        #expect(restored.report.map(\.code) == [.recordNewerUnreadable], "\(restored.report)")
        try restorer.close()

        let check = try DatabaseCheck.run(path, kinds: RecordKind.builtIn)
        #expect(check.isHealthy, "\(check.problems)")
        #expect(check.recordsOfNewerFormats == 1 && check.recordsUnreadable == 0)
        #expect(RecordKind(CatalogViewState.self).condition(of: try storedRecord()) == .newer(version: 9))
    }

    @Test func aKindReadFromItsFormatFolderAgrees() throws {
        let inbox = PackageFolders.fixtures.appendingPathComponent("formats/inbox")
        let kind = try RecordKind(formats: FormatFolder(inbox))
        // Format 99 of the inbox, readable by a format-2 reader, whose query is a number.
        let record = StoredRecord(
            account: key.account, scene: key.scene, kind: "inbox", version: 99, minReaderVersion: 2,
            payload: Data(#"{"version":99,"minReaderVersion":2,"query":42}"#.utf8), updatedAt: 0)
        #expect(kind.condition(of: record) == .newer(version: 99), "\(kind.condition(of: record))")
        let own = StoredRecord(
            account: key.account, scene: key.scene, kind: "inbox", version: 2, minReaderVersion: nil,
            payload: Data(#"{"version":2,"query":42}"#.utf8), updatedAt: 0)
        #expect(kind.condition(of: own).isProblem, "\(kind.condition(of: own))")
    }

    @Test func aRecordOfThisBuildsFormatThatDoesNotDecodeStaysAProblem() throws {
        try seed(#"{"version":3,"query":42}"#, version: 3)
        let check = try DatabaseCheck.run(path, kinds: RecordKind.builtIn)
        #expect(!check.isHealthy && check.recordsUnreadable == 1)
        let restorer = StateRestorer(path: path)
        defer { try? restorer.close() }
        #expect(restorer.restore(CatalogViewState.self, key, against: CatalogDocument(books: [])).reports(.recordUnreadable))
    }

    private func storedRecord() throws -> StoredRecord {
        let store = try Store(path: path, migrator: StateMigrations.makeMigrator())
        defer { store.close() }
        return try #require(try store.record(account: key.account, scene: key.scene, kind: CatalogViewState.kind))
    }
}
