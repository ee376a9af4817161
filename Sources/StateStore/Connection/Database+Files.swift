import CSQLite
import Foundation

extension Database {
    /// Creates an empty file readable by its owner only, so SQLite (and its `-wal`/`-shm` files,
    /// which copy the database's mode) never exposes state to other users. Returns whether it
    /// created the file.
    static func createPrivateFileIfMissing(_ file: DatabaseFile) throws(StoreError) -> Bool {
        let path = file.path
        guard !DatabasePath.isSpecial(path) else { return false }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            Foundation.close(descriptor)
            return true
        } else if errno != EEXIST {
            throw cannotCreate(path, errno: errno)
        }
        return false
    }

    /// Why no file can be created at `path` because of its folder (missing, not a folder, not
    /// writable by this process, read-only storage), in the words an open that tried would
    /// use; nil when the folder takes a new file. For what only looks (a dry run).
    package static func folderRefusal(toCreate path: String) -> StoreError? {
        let folder = (path as NSString).deletingLastPathComponent
        guard access(folder.isEmpty ? "." : folder, W_OK | X_OK) != 0 else { return nil }
        return cannotCreate(path, errno: errno)
    }

    /// The refusal to create a file at `path` that the system refused with `code`, naming both.
    static func cannotCreate(_ path: String, errno code: Int32) -> StoreError {
        .sqlite(extendedCode: SQLITE_CANTOPEN, message: "cannot create \(path): \(SystemErrorCause.describe(code))", systemErrorCode: code)
    }

    /// A read-only connection to a WAL database would create `-wal` and `-shm` files beside it
    /// and, being read-only, leave them behind (or fail where they cannot be made: a full disk,
    /// a read-only folder). When the logs are absent or empty the file alone holds the database,
    /// so it can be read as immutable, creating nothing, whatever an `-shm` left beside it.
    /// (A writer starting during that read may make it see a torn page and report a problem;
    /// it never changes anything.)
    ///
    /// Returns the URI with the file as it was before its logs were looked at
    /// (``ImmutableRead``): a write after that changes one or the other, and the connection then
    /// knows its reads are stale (``readsAFileWrittenSinceItsImmutableOpen``).
    static func immutableURI(forUnusedFile file: DatabaseFile) -> (uri: String, assumed: ImmutableRead)? {
        let path = file.path
        guard !DatabasePath.isSpecial(path), let assumed = ImmutableRead(of: path), Self.logsAreAbsentOrEmpty(file) else { return nil }
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return ("file://\(percentEncodedPath(absolute))?immutable=1", assumed)
    }

    /// `path` with every byte but those a URI path may hold as they are (RFC 3986's unreserved
    /// characters, sub-delimiters, `:`, `@` and `/`) percent-encoded, so `?`, `#` and `%` in a
    /// file name stay part of it. Written out rather than through `CharacterSet`, whose set
    /// operations cost a launch a million instructions.
    static func percentEncodedPath(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                bytes.append(byte)
            case _ where "-._~!$&'()*+,;=:@/".utf8.contains(byte):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `file` has no write-ahead log and no rollback journal beside it, or only empty
    /// ones: then the file alone holds the database (`immutable=1` ignores both). A journal
    /// with something in it may be hot, a writer's that died mid-transaction: the file then
    /// holds pages that were never committed, which only rolling the journal back undoes, so
    /// the file is opened as SQLite opens it, and a reader that may not roll it back is told.
    static func logsAreAbsentOrEmpty(_ file: DatabaseFile) -> Bool {
        var status = stat()
        for suffix in ["-wal", "-journal"] where lstat(file.path + suffix, &status) == 0 && status.st_size != 0 { return false }
        return true
    }

    /// Switches the file to write-ahead logging, so readers never block the writer, and sets
    /// the connection's `synchronous` level from `configuration.durability` (`NORMAL`: a
    /// commit survives a process crash; `FULL`: it survives a power loss too).
    ///
    /// Kept out of `init` because it reads and writes the file, which must not happen before
    /// the caller knows the file is ours; `init` itself touches nothing.
    package func activateWriteAheadLog() throws(StoreError) {
        guard configuration.access != .readOnly else { return }
        // A file this process may not write was opened to read (see `init`): refused here,
        // in words, before any statement could leave a `-wal` or `-shm` behind.
        if let handle, sqlite3_db_readonly(handle, "main") == 1 {
            let code = access(path, W_OK) == 0 ? 0 : errno
            let cause = code == 0 ? "SQLite opened it read-only" : SystemErrorCause.describe(code)
            throw StoreError.sqlite(
                extendedCode: SQLITE_READONLY, message: "\(path) cannot be written by this process (\(cause)); nothing was written", systemErrorCode: code)
        }
        try executeScript(configuration.durability.connectionPragmas)
        let mode = try switchingToWriteAheadLog()
        // An in-memory database answers "memory"; anything else means WAL was refused.
        guard mode == "wal" || mode == "memory" else {
            throw StoreError.sqlite(extendedCode: SQLITE_ERROR, message: "could not enable WAL (journal mode is \(mode ?? "unknown"))", sql: "PRAGMA journal_mode = WAL")
        }
    }

    /// Runs `PRAGMA journal_mode = WAL`, which needs a moment with no other reader on a file
    /// still in rollback mode and, unlike other statements, fails at once with `SQLITE_BUSY`
    /// instead of waiting. Processes opening a new file together hit that, so it is retried
    /// with a short back-off for up to the busy timeout.
    func switchingToWriteAheadLog() throws(StoreError) -> String? {
        var waitedMilliseconds: Int32 = 0
        var pause: Int32 = 1
        while true {
            do {
                // Run once per connection, at its open: not kept in the statement cache.
                return try fetchOne("PRAGMA journal_mode = WAL", caching: false) { $0.string(0) } ?? nil
            } catch  where error.sqliteCode == .busy && waitedMilliseconds < configuration.busyTimeoutMilliseconds {
                sqlite3_sleep(pause)
                waitedMilliseconds += pause
                pause = min(pause * 2, 50)
            }
        }
    }
}
