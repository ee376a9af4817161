import Foundation
import ScreenKinds
import ScreenModels
import StateRestore
import StateRestoreTesting
import StateStore
import TestSupport
import Testing

/// Suspension: after `suspend()` the process holds no lock on the database, its `-wal`, its
/// `-shm` or the guard file (read from `/proc/locks`, where the kernel lists every lock), saves
/// wait in memory, a restore answers defaults, and `resume()` writes what waited.
@MainActor
@Suite struct StateRestorerSuspensionTests {
    let screen: HandDrivenScreen

    init() throws { screen = try HandDrivenScreen() }

    /// The locks this process holds on the database's files, from `/proc/locks` (nil where the
    /// kernel does not list them).
    private func locksHeld() -> [String]? {
        guard let table = try? String(contentsOfFile: "/proc/locks", encoding: .utf8) else { return nil }
        let inodes = ["", "-wal", "-shm", "-guard"].compactMap { suffix -> (String, UInt64)? in
            var status = stat()
            return stat(screen.file.path + suffix, &status) == 0 ? (suffix.isEmpty ? "db" : suffix, UInt64(status.st_ino)) : nil
        }
        let pid = String(getpid())
        return table.split(separator: "\n").compactMap { line -> String? in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, fields[4] == pid, let inode = fields[5].split(separator: ":").last.flatMap({ UInt64($0) }) else { return nil }
            return inodes.first { $0.1 == inode }.map { "\($0.0): \(line)" }
        }
    }

    @Test(.enabled(if: TestHost.canReadProcLocks, "reads the kernel's lock table: needs a readable /proc/locks"))
    func afterSuspendTheProcessHoldsNoLockAndResumeWritesWhatWaited() throws {
        let key = try SceneKey(scene: "main")
        let seed = StateRestorer(path: screen.file.path)
        try seed.save(CatalogViewState(query: "stored", selectedID: 1), for: key)
        try seed.close()

        let restorer = StateRestorer(path: screen.file.path, scheduler: screen.windows)
        defer { try? restorer.close() }
        let document = CatalogDocument(books: [CatalogBook(id: 1, title: "Algorithms")])
        let restored = restorer.restore(CatalogViewState.self, key, against: document)
        var state = restored.state
        let tracking = restorer.persist(from: restored, turns: screen.turns) { state }
        state.query = "in flight"
        tracking.saveCurrentState()  // a coalesced write waiting for its window
        try restorer.save(CatalogViewState(query: "by hand", selectedID: 1), for: try SceneKey(scene: "other"))
        let before = try #require(locksHeld())
        #expect(!before.isEmpty, "an open WAL connection holds locks")

        try restorer.suspend()
        #expect(locksHeld() == [], "locks after suspend: \(locksHeld() ?? [])")
        #expect(restorer.writesCommitted == 1)  // the pending write went before the close

        // While suspended: saves wait, restores answer defaults, nothing opens, and a flush
        // says it wrote nothing, naming the scene waiting (issue #37: it answered success).
        state.query = "while suspended"
        tracking.saveCurrentState()
        #expect(throws: RestoreError.savesNotWritten("the app is suspended (its connections are closed until resume(), which writes the saves)", scenes: [key])) {
            try restorer.flush()
        }
        #expect(restorer.writesCommitted == 1)
        #expect(restorer.restore(CatalogViewState.self, key, against: document).report.map(\.code) == [.restorerSuspended])
        #expect(locksHeld() == [])

        try restorer.resume()
        #expect(restorer.writesCommitted == 2)
        let again = StateRestorer(path: screen.file.path)
        defer { try? again.close() }
        #expect(again.restore(CatalogViewState.self, key, against: document).state.query == "while suspended")
        withExtendedLifetime(tracking) {}
    }

    /// A portable record is what the screen shows: while its own save is held (suspended), the
    /// stored record is older than the screen, so `portable` and `publish` throw the flush's
    /// refusal instead of sending it; a save held for another scene is that scene's, and the
    /// screen's own record goes.
    @Test func aPortableRecordIsRefusedWhileTheScreensOwnSaveIsHeldNotSentStale() throws {
        let restorer = StateRestorer(path: screen.file.path, scheduler: screen.windows)
        defer { try? restorer.close() }
        let cloud = UbiquitousStoreDouble()
        restorer.configurePortable(PortableConfiguration(slotKey: Array("thirty-two bytes of a slot key!!".utf8), deviceID: "phone", appBuild: "1", store: cloud))
        let key = try SceneKey(scene: "main")
        let other = try SceneKey(scene: "other")
        let document = CatalogDocument(books: [CatalogBook(id: 1, title: "Algorithms")])
        let restored = restorer.restore(CatalogViewState.self, key, against: document)
        var state = restored.state
        let tracking = restorer.persist(from: restored, turns: screen.turns) { state }
        state.query = "stored"
        tracking.saveCurrentState()
        try restorer.save(CatalogViewState(query: "other stored"), for: other)
        try restorer.suspend()

        state.query = "shown, held"
        tracking.saveCurrentState()
        let held = RestoreError.savesNotWritten("the app is suspended (its connections are closed until resume(), which writes the saves)", scenes: [key])
        #expect(throws: held) { try restorer.portable(CatalogViewState.self, for: key) }
        #expect(throws: held) { try restorer.publish(CatalogViewState.self, for: key, to: try PortableSlot("reading")) }
        #expect(cloud.keys.isEmpty)
        // The other scene has no save held: its refusal is only that nothing is opened while
        // suspended.
        let refusal = #expect(throws: RestoreError.self) { try restorer.portable(CatalogViewState.self, for: other) }
        guard case .portableUnavailable = refusal else {
            Issue.record("the other scene's portable record: \(String(describing: refusal))")
            return
        }

        try restorer.resume()
        let sent = try restorer.portable(CatalogViewState.self, for: key)
        #expect(String(decoding: sent, as: UTF8.self).contains("shown, held"))
        withExtendedLifetime(tracking) {}
    }

    @Test func closingWhileSuspendedWritesWhatWaited() throws {
        let restorer = StateRestorer(path: screen.file.path, scheduler: screen.windows)
        let key = try SceneKey(scene: "main")
        let restored = restorer.restore(CatalogViewState.self, key, against: CatalogDocument(books: []))
        var state = restored.state
        let tracking = restorer.persist(from: restored, turns: screen.turns) { state }
        try restorer.suspend()
        state.query = "typed in the background"
        tracking.saveCurrentState()
        try restorer.close()  // the app quits without coming back

        let next = StateRestorer(path: screen.file.path)
        defer { try? next.close() }
        #expect(next.restore(CatalogViewState.self, key, against: CatalogDocument(books: [])).state.query == "typed in the background")
        withExtendedLifetime(tracking) {}
    }

    /// A hand save while suspended is refused, saying the restorer is suspended (nothing is kept
    /// for it, as the docs say), while a persisted screen's save waits and `resume()` writes it.
    @Test func aHandSaveWhileSuspendedIsRefusedSayingSoWhileAPersistedOneWaits() throws {
        let restorer = StateRestorer(path: screen.file.path, scheduler: screen.windows)
        defer { try? restorer.close() }
        let (typed, byHand) = (try SceneKey(scene: "typed"), try SceneKey(scene: "by-hand"))
        let restored = restorer.restore(CatalogViewState.self, typed, against: CatalogDocument(books: []))
        var state = restored.state
        let tracking = restorer.persist(from: restored, turns: screen.turns) { state }
        try restorer.suspend()
        #expect {
            try restorer.save(CatalogViewState(query: "by hand"), for: byHand)
        } throws: { error in
            guard case .databaseUnusable(let detail)? = error as? RestoreError else { return false }
            return detail.contains("suspended")
        }
        state.query = "typed while suspended"
        tracking.saveCurrentState()
        try restorer.resume()
        #expect(try restorer.flush().isEmpty)
        #expect(restorer.restore(CatalogViewState.self, typed, against: CatalogDocument(books: [])).state.query == "typed while suspended")
        #expect(restorer.restore(CatalogViewState.self, byHand, against: CatalogDocument(books: [])).report.map(\.code) == [.noRecord])
        withExtendedLifetime(tracking) {}
    }
}
