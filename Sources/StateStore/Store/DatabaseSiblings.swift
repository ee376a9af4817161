import CSQLite
import Foundation

/// The `-wal`, `-shm` and `-journal` beside a database as an open finds them, each looked up
/// once (`lstat`, never following a link): what refuses the open (a link or anything else but
/// a regular file there, which SQLite would open through the link), and which files existed,
/// so that what a failed open began (a log of no bytes, an index too short to be anyone's WAL
/// index) can go: left behind, they make `check` and `inspect` fail, and a 0400 pair blocks
/// every later save.
package struct DatabaseSiblings {
    let path: String
    let hadLog: Bool
    let hadIndex: Bool
    /// The first companion that is not a regular file, and its file type (`st_mode & S_IFMT`).
    let nonRegular: Companion?

    /// A companion's suffix and file type (a struct, not a tuple: see `PathTable`).
    struct Companion {
        let suffix: String
        let type: mode_t
    }

    /// Notes what is beside `file` now (nothing for an in-memory or temporary database).
    package init(of file: DatabaseFile) {
        let path = file.path
        self.path = path
        var found: [Companion] = []
        if !DatabasePath.isSpecial(path) {
            for suffix in ["-wal", "-shm", "-journal"] {
                var status = stat()
                if lstat(path + suffix, &status) == 0 { found.append(Companion(suffix: suffix, type: status.st_mode & S_IFMT)) }
            }
        }
        hadLog = found.contains { $0.suffix == "-wal" }
        hadIndex = found.contains { $0.suffix == "-shm" }
        nonRegular = found.first { $0.type != S_IFREG }
    }

    /// Throws `SQLITE_CANTOPEN` when a symbolic link or anything else but a regular file was
    /// at the `-wal`, `-shm` or `-journal` path (SQLite would open it through the link).
    func refuseNonRegularCompanion() throws(StoreError) {
        guard let nonRegular else { return }
        let isLink = nonRegular.type == S_IFLNK
        let consequence = isLink ? "open it through the link" : "fail on it or block"
        throw StoreError.sqlite(
            extendedCode: SQLITE_CANTOPEN,
            message: "\(path)\(nonRegular.suffix) is \(SiblingFile.kind(of: nonRegular.type)), not a regular file; SQLite would \(consequence), so the database was not opened",
            systemErrorCode: isLink ? ELOOP : EINVAL)
    }

    /// Removes the `-wal` and `-shm` the failed open made, when nobody can be using them: the
    /// log was not there before and holds nothing, the index is shorter than one WAL-index
    /// page (32 KiB), no connection of this process is open on the file, and this process can
    /// take SQLite's exclusive lock on the database file (every WAL connection, in any process,
    /// holds a shared lock there while open, so it would be refused). SQLite itself removes
    /// them the same way when its last connection closes.
    package func removeWhatTheFailedOpenLeft() {
        guard !hadLog, size(path + "-wal") == 0, !Database.hasOpenConnection(to: path) else { return }
        Self.withSQLiteLockBytesHeld(path) { _ in
            if !hadIndex, let indexSize = size(path + "-shm"), indexSize < 32_768 { unlink(path + "-shm") }
            unlink(path + "-wal")
        }
    }

    /// Removes the database a failed open made (``Database/madeFile``, `made`), its `-wal`
    /// and `-shm` first, when nobody can be using them (no connection of this process is open
    /// on it, and this process can take SQLite's lock bytes) and the file at the path is still
    /// the one it made: a new file whose first migration the storage refused (a full disk)
    /// holds half a schema and no row, and a later open would take it for a database. Returns
    /// whether it was removed.
    ///
    /// `unlessWrittenSince`: the open could not tell whether the file holds a row (the storage
    /// refused that read too), so it is removed only while it is as its creation left it: at
    /// schema version 0 in its header, with no log beside it holding anything. Every write
    /// migrates the file first, and a closed connection's commits are in the file or its log.
    static func removeDatabaseTheFailedOpenMade(at path: String, madeAs made: DatabaseFile.Identity, unlessWrittenSince: Bool = false) -> Bool {
        guard !Database.hasOpenConnection(to: path) else { return false }
        var removed = false
        Self.withSQLiteLockBytesHeld(path) {
            guard DatabaseFile.identity(at: path) == made, !unlessWrittenSince || isUnwrittenSinceCreation(path, reading: $0) else { return }
            for suffix in ["-wal", "-shm"] { unlink(path + suffix) }
            removed = unlink(path) == 0
        }
        return removed
    }

    /// Whether the database at `path` is still as a creation leaves it: `user_version` 0 in
    /// its header (bytes 60 to 63), or no whole header yet (the empty file made where hard
    /// links are not available), and no log beside it holding a frame. Read through
    /// `descriptor`, the one holding the lock bytes: opening and closing another descriptor of
    /// the file would drop every lock this process holds on it.
    private static func isUnwrittenSinceCreation(_ path: String, reading descriptor: Int32) -> Bool {
        var status = stat()
        guard lstat(path + "-wal", &status) != 0 ? errno == ENOENT : status.st_size == 0 else { return false }
        var header = [UInt8](repeating: 0xFF, count: 100)
        let read = pread(descriptor, &header, 100, 0)
        return read >= 0 && (read < 100 || header[60..<64].allSatisfy { $0 == 0 })
    }

    /// Runs `body` while this process holds a write lock on SQLite's lock bytes of the database
    /// file at `path` (the pending byte, the reserved byte and the shared range, from offset
    /// 2^30), taken without waiting: no connection of any other process can be open meanwhile.
    /// Returns false when another process holds them (`body` did not run), nil when the file
    /// cannot be opened. The caller makes sure no connection of this process is open: closing
    /// the descriptor afterwards drops every lock the process holds on the file. `body` is
    /// given that descriptor: what it reads of the file, it reads through it (closing any other
    /// descriptor of the file would drop the locks at once).
    @discardableResult
    static func withSQLiteLockBytesHeld(_ path: String, _ body: (_ descriptor: Int32) -> Void = { _ in }) -> Bool? {
        let descriptor = open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var request = LaunchGuardFile.lockRequest(type: F_WRLCK, start: 0x4000_0000, length: 512)
        guard fcntl(descriptor, F_SETLK, &request) == 0 else { return false }
        body(descriptor)
        return true
    }

    private func size(_ file: String) -> Int? {
        var status = stat()
        return lstat(file, &status) == 0 ? Int(status.st_size) : nil
    }
}
