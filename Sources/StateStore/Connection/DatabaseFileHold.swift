import CSQLite
import Foundation

/// A database file kept allocated while a restorer has no connection to it (suspended): an
/// SQLite connection that never runs a statement, so it takes no lock (a suspended app in an
/// app-group container must hold none), but keeps the file's inode in use. Without it, a file
/// removed meanwhile frees its inode, the file system may give that inode to the next new file
/// at the path, and the restorer, which knows its file by device and inode, would take the new
/// file for its own at `resume()`. Opened and closed through SQLite, which never drops another
/// connection's locks on the same file when it closes one of its descriptors.
package final class DatabaseFileHold {
    private let handle: OpaquePointer

    /// Holds the file `file` names, when it is there and SQLite can open it to read; nil
    /// otherwise (nothing to hold).
    package init?(_ file: DatabaseFile) {
        guard file.identity != nil else { return nil }
        var connection: OpaquePointer?
        guard sqlite3_open_v2(file.path, &connection, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK, let connection else {
            sqlite3_close_v2(connection)
            return nil
        }
        handle = connection
    }

    deinit { sqlite3_close_v2(handle) }
}
