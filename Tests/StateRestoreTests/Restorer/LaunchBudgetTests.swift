import Foundation
import ScreenKinds
import ScreenModels
import StateRestore
import StateStore
import TestSupport
import Testing

/// A launch never blocks for long: while another process holds the database's lock (the
/// `sqlite3` shell in exclusive locking mode), a launch answers `database-busy` with defaults
/// within its budget instead of waiting out the five-second busy timeout, and its saves never
/// replace the record it did not see.
@Suite struct LaunchBudgetTests {
    /// A database at `path` holding `state` for `key`, closed.
    private static func store(_ state: CatalogViewState, for key: SceneKey, at path: String) throws {
        let seed = StateRestorer(path: path)
        try seed.save(state, for: key)
        try seed.close()
    }

    @Test(.enabled(if: TestHost.hasSQLiteShell, "another process holds the lock: needs the sqlite3 shell (.ci/run installs it)"))
    func aLaunchOnALockedFileAnswersBusyWithinItsBudget() throws {
        let file = try StateFile()
        let key = try SceneKey(scene: "main")
        try Self.store(CatalogViewState(query: "stored"), for: key, at: file.path)

        let holder = try ExclusiveLockHolder(path: file.path)
        defer { holder.release() }

        // A busy timeout of two minutes, so a launch that waited for it instead of its budget
        // (a fraction of a second) is told apart by a bound no loaded machine comes near.
        var configuration = DatabaseConfiguration()
        configuration.busyTimeoutMilliseconds = 120_000
        let start = ContinuousClock.now
        let restorer = StateRestorer(path: file.path, configuration: configuration)
        let restored = restorer.restore(CatalogViewState.self, key, against: CatalogDocument(books: []))
        let waited = ContinuousClock.now - start
        #expect(restored.reports(.databaseBusy), "\(restored.report)")
        #expect(restored.state == CatalogViewState())
        #expect(waited < .seconds(60), "the launch waited \(waited), as long as the busy timeout")
        try? restorer.close()
    }

    /// The protection lasts until the scene's next restore reads the file, not for the whole
    /// launch: once the lock is gone, a save of the scene restored as busy still keeps the
    /// stored record (the restore never saw it), and after a restore that read it saves work.
    @Test(.enabled(if: TestHost.hasSQLiteShell, "another process holds the lock: needs the sqlite3 shell (.ci/run installs it)"))
    func aSceneRestoredAsBusyIsProtectedUntilARestoreReadsTheFile() throws {
        let file = try StateFile()
        let key = try SceneKey(scene: "main")
        try Self.store(CatalogViewState(query: "stored"), for: key, at: file.path)
        let holder = try ExclusiveLockHolder(path: file.path)
        let restorer = StateRestorer(path: file.path)
        defer { try? restorer.close() }
        let document = CatalogDocument(books: [])
        #expect(restorer.restore(CatalogViewState.self, key, against: document).reports(.databaseBusy))
        holder.release()

        #expect(throws: StoreError.existingRecordKept(account: key.account, scene: key.scene, kind: CatalogViewState.kind)) {
            try restorer.save(CatalogViewState(query: "typed while busy"), for: key)
        }
        let again = restorer.restore(CatalogViewState.self, key, against: document)
        #expect(again.state.query == "stored" && !again.reports(.databaseBusy), "\(again.report)")
        try restorer.save(CatalogViewState(query: "after reading it"), for: key)
        let next = StateRestorer(path: file.path)
        defer { try? next.close() }
        #expect(next.restore(CatalogViewState.self, key, against: document).state.query == "after reading it")
    }
}
