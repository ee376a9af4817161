import Foundation
import ScreenKinds
import ScreenModels
import StateRestoreTesting
import StateStore
import TestSupport
import Testing

@testable import StateRestore

/// The library path an app takes: restore → screen model → save → restore again.
@Suite struct StateRestorerTests {
    let stateFile: StateFile
    let key: SceneKey
    let document = CatalogDocument(books: (1...12).map { CatalogBook(id: $0, title: $0.isMultiple(of: 2) ? "Swift \($0)" : "Other \($0)") })

    init() throws {
        stateFile = try StateFile()
        key = try SceneKey(scene: "main-window")
    }

    @Test func aReconciledRestorationHoldsWhatItWasReconciledAgainst() {
        let restorer = StateRestorer(path: stateFile.path)
        defer { try? restorer.close() }
        let restored = restorer.restore(CatalogViewState.self, key, against: document)
        #expect(restored.context == document)
    }

    @Test func readmeRoundTripRestoresWhatTheScreenLeftAndKeepsUnknownFields() throws {
        // An older release wrote a format-2 record with a field this build does not know.
        let seed = try Store(path: stateFile.path, migrator: StateMigrations.makeMigrator())
        try seed.saveRecord(#"{"version":2,"query":"swift","selectedID":4,"showsOnlySelected":false,"theme":"dark"}"#, version: 2, account: key.account, scene: key.scene, kind: "catalog")
        seed.close()

        let launch1 = StateRestorer(path: stateFile.path)
        let restored = launch1.restore(CatalogViewState.self, key, against: document)
        #expect(restored.report.map(\.code) == [.recordUpgraded, .defaultsApplied])
        #expect(restored.state == CatalogViewState(query: "swift", selectedID: 4))
        #expect(restored.frame.rows.map(\.id) == [2, 4, 6, 8, 10, 12])
        #expect(restored.carriedFields["theme"] == .string("dark"))
        let screen = restored.makeScreenModel()
        #expect(launch1.completeRestore(restored))
        screen.send(.scrolled(anchorID: 8, offset: 0.25))
        let writer = try CoalescingWriter(path: stateFile.path, scheduler: ManualWriteScheduler())
        writer.save(screen.viewState, for: key, carrying: restored.carriedFields)
        #expect(try writer.flush().isEmpty)
        try writer.close()
        try launch1.close()

        let launch2 = StateRestorer(path: stateFile.path)
        defer { try? launch2.close() }
        let again = launch2.restore(CatalogViewState.self, key, against: document)
        #expect(again.report.isEmpty)
        #expect(again.state == CatalogViewState(query: "swift", selectedID: 4, viewport: CatalogViewport(anchorID: 8, offset: 0.25, before: [6, 4, 2], after: [10, 12])))
        #expect(again.carriedFields["theme"] == .string("dark"))
        #expect(again.frame == screen.frame)
    }

    /// The catalog article's exercise, end to end: two windows' view states serialized as
    /// versioned records in the file, restored by the next launch against a changed document,
    /// each window with its own anchor: the first window's anchor book was deleted and moves to
    /// a recorded neighbour (reported), the second's survives unchanged.
    @Test func twoWindowsRestoreTheirOwnAnchorsFromVersionedRecordsAgainstAChangedDocument() throws {
        let (first, second) = (try SceneKey(scene: "window-1"), try SceneKey(scene: "window-2"))
        let launch1 = StateRestorer(path: stateFile.path)
        let firstScreen = launch1.restore(CatalogViewState.self, first, against: document).makeScreenModel()
        let secondScreen = launch1.restore(CatalogViewState.self, second, against: document).makeScreenModel()
        firstScreen.send(.scrolled(anchorID: 4, offset: 0.5))
        secondScreen.send(.queryChanged("swift"))
        secondScreen.send(.scrolled(anchorID: 10, offset: 0.25))
        try launch1.save(firstScreen.viewState, for: first)
        try launch1.save(secondScreen.viewState, for: second)
        try launch1.close()

        let store = try Store(path: stateFile.path, migrator: StateMigrations.makeMigrator())
        for window in [first, second] {
            let record = try #require(try store.record(account: window.account, scene: window.scene, kind: CatalogViewState.kind))
            #expect(record.version == CatalogViewState.currentVersion)
        }
        store.close()

        let changed = CatalogDocument(books: document.books.filter { $0.id != 4 } + [CatalogBook(id: 13, title: "Swift 13")])
        let launch2 = StateRestorer(path: stateFile.path)
        defer { try? launch2.close() }
        let restoredFirst = launch2.restore(CatalogViewState.self, first, against: changed)
        #expect(restoredFirst.state.viewport?.anchorID == 5)
        #expect(restoredFirst.report.map(\.code) == [.anchorMoved])
        let restoredSecond = launch2.restore(CatalogViewState.self, second, against: changed)
        #expect(restoredSecond.report.isEmpty)
        #expect(restoredSecond.state == secondScreen.viewState)
        #expect(restoredSecond.state.viewport?.anchorID == 10)
    }

    /// A damaged database whose name older builds made (up to 247 bytes, where new ones take
    /// 223) is moved aside and made again at its path: the new rule for names refused the
    /// fresh database, and every later save was lost.
    @Test func aDamagedDatabaseWithALongerNameThanNewOnesTakeIsMadeAgainAtItsPath() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path(String(repeating: "n", count: 230 - ".sqlite".utf8.count) + ".sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data("not a database".utf8)))
        let restorer = StateRestorer(path: path)
        defer { try? restorer.close() }
        let restored = restorer.restore(CatalogViewState.self, key, against: document)
        #expect(restored.report.map(\.code) == [.databaseCorrupt, .noRecord], "\(restored.report)")
        #expect(CorruptDatabaseFiles.copies(of: path).count == 1)
        try restorer.save(CatalogViewState(query: "fresh"), for: key)
        #expect(try restorer.withStore { store, _ in try store?.record(account: key.account, scene: key.scene, kind: "catalog") } != nil)
    }

    @Test func corruptFileIsMovedAsideByteIdenticalWithItsLogAndAFreshDatabaseServes() throws {
        let garbage = Data((0..<16_384).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 17) })
        let log = Data("not a wal".utf8)
        #expect(FileManager.default.createFile(atPath: stateFile.path, contents: garbage))
        #expect(FileManager.default.createFile(atPath: stateFile.path + "-wal", contents: log))
        let restorer = StateRestorer(path: stateFile.path)
        defer { try? restorer.close() }
        let restored = restorer.restore(CatalogViewState.self, key, against: document)
        #expect(restored.report.map(\.code) == [.databaseCorrupt, .noRecord])
        #expect(restored.state == CatalogViewState())
        let copies = CorruptDatabaseFiles.copies(of: stateFile.path)
        #expect(copies.count == 1)
        #expect(FileManager.default.contents(atPath: copies[0]) == garbage)
        #expect(FileManager.default.contents(atPath: copies[0] + "-wal") == log)
        try restorer.save(CatalogViewState(query: "fresh"), for: key)
        #expect(try restorer.withStore { store, _ in try store?.record(account: key.account, scene: key.scene, kind: "catalog") } != nil)
    }

    /// A restore that finds the file damaged while the restorer's own writer has it open moves
    /// it aside, and the writer's next save goes to the fresh file at the path, which the next
    /// launch reads: the writer's connection stayed on the moved copy, and `flush()` reported
    /// saves written there that no launch would ever read.
    @MainActor
    @Test func aSaveAfterTheFileWasMovedAsideAsDamagedGoesToTheFreshFile() throws {
        let restorer = StateRestorer(path: stateFile.path, scheduler: ManualWriteScheduler())
        defer { try? restorer.close() }
        let first = restorer.restore(CatalogViewState.self, key, against: document)
        var state = CatalogViewState(query: "before the damage")
        let tracking = restorer.persist(from: first, turns: ManualTurnScheduler()) { state }
        tracking.saveCurrentState()
        #expect(try restorer.flush().isEmpty)  // the writer's connection is open
        // Everything into the file itself, then the table's pages overwritten in place.
        let other = try Database(path: stateFile.path)
        try other.executeScript("PRAGMA wal_checkpoint(TRUNCATE)")
        let pages = try other.fetchAll("SELECT rootpage FROM sqlite_schema WHERE tbl_name = 'scene_state' AND rootpage > 1") { $0.int(0) }
        other.close()
        let descriptor = open(stateFile.path, O_WRONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        let garbage = [UInt8](repeating: 0xA5, count: 4096)
        for page in pages { #expect(pwrite(descriptor, garbage, garbage.count, off_t((page - 1) * 4096)) == garbage.count) }
        close(descriptor)

        let restored = restorer.restore(CatalogViewState.self, key, against: document)
        #expect(restored.reports(.databaseCorrupt), "\(restored.report)")
        #expect(CorruptDatabaseFiles.copies(of: stateFile.path).count == 1)
        state.query = "after the damage"
        tracking.saveCurrentState()
        #expect(try restorer.flush().isEmpty)
        withExtendedLifetime(tracking) {}

        let relaunch = StateRestorer(path: stateFile.path)
        defer { try? relaunch.close() }
        #expect(relaunch.restore(CatalogViewState.self, key, against: document).state.query == "after the damage")
    }

    @Test func anotherProgramsDatabaseAndItsUncheckpointedLogAreLeftByteIdentical() throws {
        let other = try Database(path: stateFile.path)
        try other.activateWriteAheadLog()
        try other.executeScript("PRAGMA application_id = 42; CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT);")
        try other.execute("INSERT INTO photos (name) VALUES ('beach')")
        other.disableCheckpointOnClose()
        other.close()
        let file = stateFile.folder.contents("state.sqlite")
        let log = stateFile.folder.contents("state.sqlite-wal")
        #expect(log?.isEmpty == false)
        let restorer = StateRestorer(path: stateFile.path)
        let restored = restorer.restore(CatalogViewState.self, key, against: document)
        try restorer.close()
        #expect(restored.report.map(\.code) == [.databaseForeign])
        #expect(stateFile.folder.contents("state.sqlite") == file)
        #expect(stateFile.folder.contents("state.sqlite-wal") == log)
    }

    @Test func savingNeverReplacesARecordOfANewerFormatUnlessAskedTo() throws {
        let restorer = StateRestorer(path: stateFile.path)
        defer { try? restorer.close() }
        let newer = #"{"version":9,"layout":"columns"}"#
        try restorer.withStore { store, _ in try store?.saveRecord(newer, version: 9, account: key.account, scene: key.scene, kind: "catalog") }
        #expect(restorer.restore(CatalogViewState.self, key, against: document).report.map(\.code) == [.unsupportedVersion])
        #expect(throws: RestoreError.wouldReplaceNewerRecord(scene: key.description, version: 9)) {
            try restorer.save(CatalogViewState(query: "mine"), for: key)
        }
        #expect(try restorer.withStore { store, _ in try store?.record(account: key.account, scene: key.scene, kind: "catalog")?.payload } == Data(newer.utf8))
        try restorer.save(CatalogViewState(query: "mine"), for: key, replacingNewer: true)
        #expect(try restorer.withStore { store, _ in try store?.record(account: key.account, scene: key.scene, kind: "catalog")?.version } == CatalogRecord.currentVersion)
    }

    @MainActor
    @Test func shelfRestoresStaleRowsDropsOrphanDraftsAndFlagsConflicts() throws {
        let restorer = StateRestorer(path: stateFile.path)
        defer { try? restorer.close() }
        let snapshot = ShelfSnapshot(
            books: [ShelfBook(id: 1, title: "Dune", revision: 3), ShelfBook(id: 2, title: "Emma", revision: 1)],
            fetchedAt: Date(timeIntervalSince1970: 1_700_000_000),
            drafts: [
                ShelfDraft(bookID: 1, baseRevision: 2, proposedTitle: "Dune (1965)"),
                ShelfDraft(bookID: 2, baseRevision: 1, proposedTitle: "Emma!"),
                ShelfDraft(bookID: 9, baseRevision: 1, proposedTitle: "Gone"),
            ]
        )
        try restorer.saveShelf(snapshot, shelf: "home")
        let restored = restorer.restoreShelf("home")
        #expect(restored.report.map(\.code) == [.draftConflict, .draftDropped])
        #expect(restored.snapshot?.books == snapshot.books)
        #expect(restored.snapshot?.drafts.map(\.bookID) == [1, 2])
        #expect(restored.conflictingDrafts.map(\.bookID) == [1])
        let model = restored.makeViewModel(loader: NeverLoads())
        #expect(model.state.isStale)
        #expect(model.state.rows.map(\.title) == ["Dune (1965)", "Emma!"])
    }
}

/// A shelf loader whose loads never complete: restoring must not need one.
@MainActor
private final class NeverLoads: ShelfLoading {
    func load(query: String, completion: @escaping @MainActor (Result<[ShelfBook], ShelfFailure>) -> Void) -> ShelfLoadCancellation {
        ShelfLoadCancellation {}
    }
}
