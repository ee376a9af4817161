import Foundation
import ScreenKinds
import ScreenModels
import StateRestore
import StateRestoreTesting
import StateStore
import TestSupport
import Testing

/// A record whose restore crashed a launch, left in place (the restorer only reads, or the
/// quarantine could not be written), is not sent to another device while it is the record
/// blamed: not before the screen's restore in this process, and not after it reported the
/// crash and applied defaults either. A record saved since was never applied by the launch
/// that crashed, and is sent. The crash is a real child killed mid-restore.
@Suite(.serialized) struct CrashedRecordPortableTests {
    static let document = CatalogDocument(books: [CatalogBook(id: 1, title: "Algorithms"), CatalogBook(id: 2, title: "Database Internals")])

    let stateFile: StateFile
    let documentPath: String
    let key: SceneKey

    init() throws {
        stateFile = try StateFile()
        documentPath = try stateFile.write(#"{"books": [{"id": 1, "title": "Algorithms"}, {"id": 2, "title": "Database Internals"}]}"#, to: "document.json")
        key = try SceneKey(scene: "blamed")
    }

    @Test func aCrashedRecordLeftInPlaceIsNotSentBeforeOrAfterItsRestoreReportedIt() throws {
        try save(CatalogViewState(selectedID: 2))
        try crashALaunchRestoringIt()

        var readOnly = DatabaseConfiguration()
        readOnly.access = .readOnly
        let reader = StateRestorer(path: stateFile.path, configuration: readOnly)
        defer { try? reader.close() }
        reader.configurePortable(
            PortableConfiguration(slotKey: Array("thirty-two bytes of a slot key!!".utf8), deviceID: "phone", appBuild: "1", store: UbiquitousStoreDouble()))
        try expectNotSent(by: reader)

        let restored = reader.restore(CatalogViewState.self, key, against: Self.document)
        #expect(restored.state == CatalogViewState())
        #expect(restored.report.contains { $0.code == .restoreCrashed && $0.detail.contains("left in place") }, "\(restored.report)")
        // The restore reported the crash and applied defaults; the record that crashed a launch
        // is still stored, and still not sent.
        try expectNotSent(by: reader)

        // Another process saves the screen: that record was never applied, and it is sent.
        try save(CatalogViewState(selectedID: 1))
        let sent = try reader.portable(CatalogViewState.self, for: key)
        let landed = StateRestorer(path: stateFile.path + "-other.sqlite").restore(CatalogViewState.self, key, fromPortable: sent)
        #expect(landed.state.selectedID == 1, "\(landed.report)")
    }

    /// Saves `state` as the scene's record, as another process's save does.
    private func save(_ state: CatalogViewState) throws {
        let store = try Store(path: stateFile.path, migrator: StateMigrations.makeMigrator())
        defer { store.close() }
        try store.saveRecord(try RecordCodec<CatalogViewState>.encode(state), version: CatalogViewState.currentVersion, account: key.account, scene: key.scene, kind: CatalogViewState.kind)
    }

    /// A launch of its own that restores the scene and is killed (SIGKILL) before completing it.
    private func crashALaunchRestoringIt() throws {
        let child = try ChildProcess(stress: ["restore-then-crash", "--db", stateFile.path, "--scene", key.scene, "--document", documentPath])
        let lines = child.remainingLines()
        let exit = child.waitForExit()
        guard exit.wasKilled, !lines.isEmpty else { throw ChildFailure("restore-then-crash ended with \(exit) after \(lines)") }
    }

    private func expectNotSent(by restorer: StateRestorer, sourceLocation: SourceLocation = #_sourceLocation) throws {
        do {
            _ = try restorer.portable(CatalogViewState.self, for: key)
            Issue.record("the record that crashed a launch was sent", sourceLocation: sourceLocation)
        } catch RestoreError.portableUnavailable(let why) {
            #expect(why.contains("record is not sent: the previous restore of"), "\(why)", sourceLocation: sourceLocation)
        }
    }
}
