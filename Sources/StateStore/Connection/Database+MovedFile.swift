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

    /// Whether, once this writing connection is closed, the log and shared memory at its path
    /// must be removed: its file was replaced by another (a backup put in place with `rename`)
    /// and they are still this connection's own. SQLite's close neither checkpoints nor removes
    /// anything when the file has moved, which is right for a file removed or moved away (a
    /// new database made at the path since has a log of its own, and a file moved away may
    /// still want its log), but leaves this log beside the replacement, whose next open would
    /// read this log's pages as its own. Own means the header matches (magic, page size,
    /// checkpoint sequence and the salts SQLite draws for every new log), read through the
    /// connection and from the file; an empty log is never removed.
    func leavesOwnLogBesideReplacement(_ connection: OpaquePointer) -> Bool {
        guard configuration.access != .readOnly, fileHasMoved else { return false }
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return false }
        var file: UnsafeMutablePointer<sqlite3_file>?
        guard sqlite3_file_control(connection, nil, SQLITE_FCNTL_JOURNAL_POINTER, &file) == SQLITE_OK, let file,
            let methods = file.pointee.pMethods, let read = methods.pointee.xRead
        else { return false }
        var own = [UInt8](repeating: 0, count: 32)
        guard read(file, &own, 32, 0) == SQLITE_OK else { return false }
        guard let descriptor = try? SiblingFile.open(path + "-wal", O_RDONLY) else { return false }
        defer { Foundation.close(descriptor) }
        var found = [UInt8](repeating: 0, count: 32)
        return pread(descriptor, &found, 32, 0) == 32 && found == own
    }
}
