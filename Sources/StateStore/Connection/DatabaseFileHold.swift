import Foundation

/// A database file kept allocated while a restorer has no connection to it (suspended): a
/// read-only connection that never runs a statement, so it takes no lock (a suspended app in
/// an app-group container must hold none), but keeps the file's inode in use. Without it, a
/// file removed meanwhile frees its inode, the file system may give that inode to the next new
/// file at the path, and the restorer, which knows its file by device and inode, would take the
/// new file for its own at `resume()`. It does not count as a connection open on the path
/// (``Database/keepOpenDetached()``), and SQLite never drops another connection's locks on the
/// same file when it closes one of its descriptors.
package final class DatabaseFileHold {
    private let database: Database

    /// Holds the file `file` names, when it is there and can be opened to read; nil otherwise
    /// (nothing to hold).
    package init?(_ file: DatabaseFile) {
        guard file.identity != nil, let database = try? Database(file, .readOnly) else { return nil }
        database.keepOpenDetached()
        self.database = database
    }

    deinit { database.close() }
}
