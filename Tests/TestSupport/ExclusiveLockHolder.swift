import Foundation

/// Another process holding a database's exclusive lock: the `sqlite3` shell in exclusive
/// locking mode inside `BEGIN EXCLUSIVE`, so no connection of any process may read or write
/// the file until ``release()``. Ordered by the shell's own output, never by sleeping.
package final class ExclusiveLockHolder {
    private let shell: ChildProcess
    private var isHeld = true

    /// Starts the shell on `path` and returns once it holds the lock. A test that uses one is
    /// enabled if ``TestHost/hasSQLiteShell``.
    package init(path: String) throws {
        shell = try ChildProcess(tool: URL(fileURLWithPath: "/usr/bin/sqlite3"), arguments: [path])
        shell.send("PRAGMA locking_mode = EXCLUSIVE;")
        shell.send("BEGIN EXCLUSIVE;")
        shell.send("SELECT 'locked';")
        try shell.readLines(until: "locked")  // the pragma answers "exclusive" first
    }

    /// Ends the transaction and the shell; the lock is gone when this returns.
    package func release() {
        guard isHeld else { return }
        isHeld = false
        shell.send("COMMIT;")
        shell.send(".quit")
        shell.waitForExit()
    }

    deinit { release() }
}
