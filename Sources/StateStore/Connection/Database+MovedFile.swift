import CSQLite
import Foundation

extension Database {
    /// Whether the file this connection has open is no longer the file at its path: removed,
    /// renamed away or replaced by another since it was opened. SQLite's
    /// `SQLITE_FCNTL_HAS_MOVED`: one `stat` of the path, its inode compared with the open
    /// file's. False when the VFS cannot tell, and on a closed connection.
    package var fileHasMoved: Bool {
        guard let handle else { return false }
        var moved: Int32 = 0
        return sqlite3_file_control(handle, nil, SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK && moved != 0
    }

    /// The header of this writing connection's log when its file was replaced by another (a
    /// backup put in place with `rename`) and the log at the path is still its own; nil
    /// otherwise. SQLite's close neither checkpoints nor removes anything when the file has
    /// moved, which is right for a file removed or moved away (a new database made at the path
    /// since has a log of its own, and a file moved away may still want its log), but leaves
    /// this log beside the replacement, whose next open would read this log's pages as its own
    /// (``removeOwnLog(besideReplacementAt:header:)`` removes it once closed). Own means the
    /// header matches (magic, page size, checkpoint sequence and the salts SQLite draws for
    /// every new log), read through the connection and from the file; an empty log is never
    /// anyone's to remove.
    ///
    /// The log's size is asked first, through the descriptor the connection has open (an
    /// `fstat`): a log without a header, as a launch that only read leaves it, is nobody's to
    /// remove whatever happened at the path, so the path's `stat` (``fileHasMoved``) is paid only
    /// for a log that holds frames, this connection's or another's.
    func ownLogHeaderBesideReplacement(_ connection: OpaquePointer) -> [UInt8]? {
        guard configuration.access != .readOnly else { return nil }
        var file: UnsafeMutablePointer<sqlite3_file>?
        guard sqlite3_file_control(connection, nil, SQLITE_FCNTL_JOURNAL_POINTER, &file) == SQLITE_OK, let file,
            let methods = file.pointee.pMethods, let read = methods.pointee.xRead
        else { return nil }
        // Skipped only when the size is known to be short: a log whose size cannot be asked
        // is looked at as before.
        var length: sqlite3_int64 = 0
        if let size = methods.pointee.xFileSize, size(file, &length) == SQLITE_OK, length < 32 { return nil }
        guard fileHasMoved, DatabaseFile.identity(at: path) != nil else { return nil }
        var own = [UInt8](repeating: 0, count: 32)
        guard read(file, &own, 32, 0) == SQLITE_OK, Self.logHeader(at: path) == own else { return nil }
        return own
    }

    /// Removes the log and shared memory at `path` that a closed connection left beside the
    /// file that replaced its own (``ownLogHeaderBesideReplacement(_:)``), only while nobody can
    /// be using them: no connection of this process is open on the path, this process holds
    /// SQLite's lock bytes of the file there (every connection of another process holds a
    /// shared lock while open), and the log still has the connection's header (a writer that
    /// restarted it since draws new salts).
    static func removeOwnLog(besideReplacementAt path: String, header: [UInt8]) {
        guard !hasOpenConnection(to: path) else { return }
        DatabaseSiblings.withSQLiteLockBytesHeld(path) { _ in
            guard logHeader(at: path) == header else { return }
            for suffix in ["-wal", "-shm"] { unlink(path + suffix) }
        }
    }

    /// The first 32 bytes of the log at `path` (`<path>-wal`), nil when there are not as many.
    private static func logHeader(at path: String) -> [UInt8]? {
        guard let descriptor = try? SiblingFile.open(path + "-wal", O_RDONLY) else { return nil }
        defer { Foundation.close(descriptor) }
        var header = [UInt8](repeating: 0, count: 32)
        return pread(descriptor, &header, 32, 0) == 32 ? header : nil
    }

    /// Keeps this connection open, idle, no longer counting as a connection open on its path
    /// (``hasOpenConnection(to:)``): its only use from now on is to keep the file's inode
    /// allocated until it closes, so that no file made at the path later takes that inode and
    /// is taken for this one (a file is known by device and inode, and a file system gives a
    /// freed inode to the next new file). For a file no longer at its path (``fileHasMoved``),
    /// which another file has now or may have, and for a hold that takes no lock
    /// (``DatabaseFileHold``).
    package func keepOpenDetached() {
        guard isRegistered, handle != nil else { return }
        isRegistered = false
        Self.unregister(path)
    }
}
