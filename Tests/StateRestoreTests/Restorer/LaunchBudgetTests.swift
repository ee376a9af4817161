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
    @Test func aLaunchOnALockedFileAnswersBusyWithinItsBudget() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("state.sqlite")
        let key = try SceneKey(scene: "main")
        let seed = StateRestorer(path: path)
        try seed.save(CatalogViewState(query: "stored"), for: key)
        try seed.close()

        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") else {
            print("skipped: no sqlite3 shell to hold the lock (.ci/run installs it)")
            return
        }
        let holder = try ChildProcess(tool: URL(fileURLWithPath: "/usr/bin/sqlite3"), arguments: [path])
        defer {
            holder.send(".quit")
            holder.waitForExit()
        }
        holder.send("PRAGMA locking_mode = EXCLUSIVE;")
        holder.send("BEGIN EXCLUSIVE;")
        holder.send("SELECT 'locked';")
        try holder.readLines(until: "locked")  // the pragma answers "exclusive" first

        let start = ContinuousClock.now
        let restorer = StateRestorer(path: path)
        let restored = restorer.restore(CatalogViewState.self, key, against: CatalogDocument(books: []))
        let waited = ContinuousClock.now - start
        #expect(restored.reports(.databaseBusy), "\(restored.report)")
        #expect(restored.state == CatalogViewState())
        #expect(waited < .seconds(4), "the launch waited \(waited), as long as the busy timeout")
        try? restorer.close()
    }
}
