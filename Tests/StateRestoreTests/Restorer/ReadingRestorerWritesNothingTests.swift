import Foundation
import ScreenKinds
import ScreenModels
import StateRestoreTesting
import StateStore
import TestSupport
import Testing

@testable import StateRestore

/// A restorer that only reads never attempts a write of the file: what a launch would mark,
/// quarantine or save is reported or refused before any statement, never tried and hidden.
@Suite struct ReadingRestorerWritesNothingTests {
    let file: StateFile
    let key: SceneKey

    init() throws {
        file = try StateFile()
        key = try SceneKey(scene: "main")
        let store = try Store(path: file.path, migrator: StateMigrations.makeMigrator())
        defer { store.close() }
        let catalog = CatalogRecordCodec.encode(CatalogRecord(CatalogViewState(selectedID: 2)))
        try store.saveRecord(catalog, version: CatalogViewState.currentVersion, account: key.account, scene: key.scene, kind: "catalog")
        try store.saveRecord(#"{"version":1,"selectedNoteID":"not a number"}"#, version: 1, account: key.account, scene: key.scene, kind: "notes")
        try store.saveSnapshot(#"{"version":2,"books":5}"#, version: 2, account: key.account, collection: "home", rowCount: 0, fetchedAt: 0)
    }

    @Test func everyOperationOfAReadingRestorerBeginsNoWriteTransaction() throws {
        Database.countWriteAttempts(at: file.path)
        defer { Database.stopCountingWriteAttempts(at: file.path) }
        let reader = StateRestorer(path: file.path, configuration: DatabaseConfiguration(access: .readOnly))
        let catalog = reader.restore(CatalogViewState.self, key)
        #expect(catalog.state.selectedID == 2, "\(catalog.report)")
        #expect(reader.completeRestore(catalog))
        let notes = reader.restore(NotesState.self, key)
        #expect(notes.report.map(\.code) == [.recordUnreadable], "\(notes.report)")
        let shelf = reader.restoreShelf("home")
        #expect(shelf.report.map(\.code) == [.recordUnreadable, .noRecord], "\(shelf.report)")
        let refused = RestoreError.databaseUnusable("the restorer only reads (DatabaseConfiguration.Access.readOnly); nothing is written")
        #expect(throws: refused) { _ = try reader.save(CatalogViewState(selectedID: 3), for: key) }
        #expect(throws: refused) { _ = try reader.saveShelf(ShelfSnapshot(books: [], fetchedAt: Date(timeIntervalSince1970: 0), drafts: []), shelf: "home") }
        #expect(throws: refused) { _ = try reader.signOut(account: key.account) }
        #expect(throws: refused) { _ = try reader.discard([key]) }
        #expect(throws: refused) { _ = try reader.rollBack(kind: CatalogViewState.self, writtenBy: "1.0") }
        #expect(throws: refused) { _ = try reader.relocate(to: file.path("moved.sqlite")) }
        _ = try reader.removeScenes(unusedFor: .zero, dryRun: true)
        try reader.close()
        #expect(Database.stopCountingWriteAttempts(at: file.path) == 0)
        // Nothing was marked, quarantined or replaced.
        let snapshots = try file.reading { try $0.snapshots() }
        let quarantined = try file.reading { try $0.quarantinedRecords() }
        let notesRecord = try file.reading { try $0.record(account: "default", scene: "main", kind: "notes") }
        #expect(snapshots.map(\.unreadableError) == [nil])
        #expect(quarantined.isEmpty)
        #expect(notesRecord != nil)
    }

    /// A reading restorer's persisted saves are refused before its writer opens anything: they
    /// stay pending, and the flush says why.
    @Test @MainActor func aReadingRestorersPersistedSavesStayPendingAndBeginNoWrite() throws {
        Database.countWriteAttempts(at: file.path)
        defer { Database.stopCountingWriteAttempts(at: file.path) }
        let reader = StateRestorer(path: file.path, configuration: DatabaseConfiguration(access: .readOnly), scheduler: ManualWriteScheduler())
        let restored = reader.restore(CatalogViewState.self, key)
        var state = restored.state
        let tracking = reader.persist(from: restored, turns: ManualTurnScheduler()) { state }
        state.selectedID = 3
        tracking.saveCurrentState()
        let refused = RestoreError.databaseUnusable("the restorer only reads (DatabaseConfiguration.Access.readOnly); nothing is written")
        #expect(throws: refused) { _ = try reader.flush() }
        #expect(reader.pendingSaves == [key])
        tracking.cancel()
        #expect(throws: refused) { try reader.close() }
        #expect(Database.stopCountingWriteAttempts(at: file.path) == 0)
    }

    /// The count the test above asserts is zero counts: a write through a connection that only
    /// reads is attempted, refused, and counted.
    @Test func aWriteThroughAReadingConnectionIsCounted() throws {
        Database.countWriteAttempts(at: file.path)
        defer { Database.stopCountingWriteAttempts(at: file.path) }
        let reading = try Store(readingExistingFileAt: file.path)
        defer { reading.close() }
        #expect(try #require(throws: StoreError.self) { try reading.saveRecord("{}", version: 1, account: "default", scene: "other", kind: "catalog") }.isSQLiteFailure)
        #expect(Database.stopCountingWriteAttempts(at: file.path) == 1)
    }
}
