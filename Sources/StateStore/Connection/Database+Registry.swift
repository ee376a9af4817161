import CSQLite
import Foundation

extension Database {
    /// Guards `openConnections`.
    private static let openConnectionsLock = NSLock()
    /// The path each open connection of this process was opened with, once per connection: a
    /// list (a process holds a few), not a dictionary: see ``PathTable``.
    /// Reached only under `openConnectionsLock` (a static list under an `NSLock`, not a `Locked`:
    /// see `Locked`).
    @exclusivity(unchecked) nonisolated(unsafe) private static var openConnections: [String] = []

    /// Registers a connection about to open `path`.
    static func register(_ path: String) {
        openConnectionsLock.withLock { openConnections.append(path) }
    }

    /// Removes one registration of `path` (a connection closed, or an open that failed).
    static func unregister(_ path: String) {
        openConnectionsLock.withLock {
            if let position = openConnections.firstIndex(of: path) { openConnections.remove(at: position) }
        }
    }

    /// The file at `path` named by its device and inode, so every spelling of it (a symlink,
    /// a relative path, `a/../b`) is the same file; the path itself where it cannot be read.
    static func identity(of path: String) -> String {
        var status = stat()
        return stat(path, &status) == 0 ? "\(status.st_dev):\(status.st_ino)" : path
    }

    /// Whether this process has a connection open on the file at `path`, however it was
    /// spelled: then nothing but SQLite may open and close the file, since POSIX drops every
    /// lock a process holds on a file when any of its descriptors for that file closes, and
    /// the connection's locks would go with it.
    ///
    /// Costs nothing while no connection is open (a launch's first question); otherwise the
    /// files are compared by device and inode.
    package static func hasOpenConnection(to path: String) -> Bool {
        let openPaths = openConnectionsLock.withLock { openConnections }
        guard !openPaths.isEmpty else { return false }
        if openPaths.contains(path) { return true }
        let identity = identity(of: path)
        return openPaths.contains { Self.identity(of: $0) == identity }
    }
}
