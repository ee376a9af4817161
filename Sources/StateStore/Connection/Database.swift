import CSQLite
import Foundation

/// One connection to an SQLite database file, configured for this project.
///
/// Opening applies `foreign_keys=ON`, `trusted_schema=OFF`, defensive mode, a busy timeout and a
/// bounded WAL, without reading the file. Switching the file to WAL with the configured
/// durability (`activateWriteAheadLog()`) is a separate step, because it writes the file header
/// and must not happen to a file that turns out to belong to another program.
///
/// A connection is not thread-safe: use it from one thread or serial queue at a time. `close()`
/// releases it deterministically; `deinit` closes it too.
///
/// ```swift
/// let db = try Database(path: "state.sqlite")
/// try db.writeTransaction { try db.execute("DELETE FROM t WHERE id = ?", [.int(7)]) }
/// ```
package final class Database {
    /// The application id this project writes into every database it owns ("RSTC").
    package static let applicationID: Int32 = 0x5253_5443

    /// The path the connection was opened with.
    package let path: String
    /// The configuration it was opened with.
    package let configuration: DatabaseConfiguration
    private(set) var handle: OpaquePointer?
    /// What each write transaction checks before its first statement: that the file's schema
    /// is still one the store's build may write. Nil (no check) until a store has opened the file.
    package var schemaWriteCheck: SchemaWriteCheck?
    private var statementCache: [String: Statement] = [:]
    /// The last few statements taken from `statementCache` or prepared, newest first, checked
    /// before it: comparing a hot path's SQL with these (the same string storage compares by
    /// identity) costs a fraction of hashing it, which was a tenth of a save's own work.
    private var recentStatements: [(sql: String, statement: Statement)] = []
    private static let recentStatementCount = 6

    /// Opens (and, when the configuration allows, creates with mode 0600) the database at `path`.
    package init(path: String, configuration: DatabaseConfiguration = DatabaseConfiguration()) throws(SQLiteError) {
        self.path = path
        self.configuration = configuration
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        var openPath = path
        var isCreated = false
        switch configuration.access {
        case .readOnly:
            flags |= SQLITE_OPEN_READONLY
            if let uri = Database.immutableURI(forUnusedFile: path) {
                flags |= SQLITE_OPEN_URI
                openPath = uri
            }
        case .readWrite(let create):
            flags |= SQLITE_OPEN_READWRITE
            if create {
                flags |= SQLITE_OPEN_CREATE
                isCreated = try Database.createPrivateFileIfMissing(path)
            }
        }
        // SQLite opens the `-wal`, `-shm` and `-journal` beside the file itself, following
        // links: anything there but a regular file refuses the open.
        try Database.refuseLinkedCompanions(of: path)
        // A failed open must not leave behind the empty file it created: an empty file where a
        // database (or a backup) was expected reads as a valid, empty database later.
        let removeCreatedFile = { if isCreated { unlink(path) } }
        var connection: OpaquePointer?
        let code = sqlite3_open_v2(openPath, &connection, flags, configuration.vfsName)
        guard code == SQLITE_OK, let connection else {
            let error = SQLiteError(connection: connection, resultCode: code, sql: nil)
            sqlite3_close_v2(connection)
            removeCreatedFile()
            throw SQLiteError(extendedCode: error.extendedCode, message: "\(error.message): \(path)", systemErrorCode: error.systemErrorCode)
        }
        handle = connection
        Self.openConnections.withLock { $0[path, default: 0] += 1 }
        do {
            try configure(connection)
        } catch {
            close()
            removeCreatedFile()
            throw error
        }
    }

    deinit { close() }

    private func configure(_ connection: OpaquePointer) throws(SQLiteError) {
        sqlite3_extended_result_codes(connection, 1)
        sqlite3_busy_timeout(connection, configuration.busyTimeoutMilliseconds)
        var ignored: Int32 = 0
        _ = csqlite_db_config_int(connection, SQLITE_DBCONFIG_DEFENSIVE, 1, &ignored)
        _ = csqlite_db_config_int(connection, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, &ignored)
        try executeScript(
            """
            PRAGMA foreign_keys = ON;
            PRAGMA trusted_schema = OFF;
            PRAGMA journal_size_limit = \(configuration.journalSizeLimitBytes);
            """
        )
    }

    /// Throws `SQLITE_CANTOPEN` when a symbolic link or anything else but a regular file is at
    /// the `-wal`, `-shm` or `-journal` path of `path` (SQLite would open it through the link).
    private static func refuseLinkedCompanions(of path: String) throws(SQLiteError) {
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file:") else { return }
        for suffix in ["-wal", "-shm", "-journal"] {
            if let kind = SiblingFile.kindOfNonRegularFile(at: path + suffix) {
                throw SQLiteError(
                    extendedCode: SQLITE_CANTOPEN,
                    message: "\(path)\(suffix) is \(kind), not a regular file; SQLite would open it through the link, so the database was not opened",
                    systemErrorCode: kind == "a symbolic link" ? ELOOP : EINVAL)
            }
        }
    }

    /// Creates an empty file readable by its owner only, so SQLite (and its `-wal`/`-shm` files,
    /// which copy the database's mode) never exposes state to other users. Returns whether it
    /// created the file.
    private static func createPrivateFileIfMissing(_ path: String) throws(SQLiteError) -> Bool {
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file:") else { return false }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            Foundation.close(descriptor)
            return true
        } else if errno != EEXIST {
            let code = errno
            throw SQLiteError(extendedCode: SQLITE_CANTOPEN, message: "cannot create \(path): \(SystemErrorCause.describe(code))", systemErrorCode: code)
        }
        return false
    }

    /// A read-only connection to a WAL database would create `-wal` and `-shm` files beside it
    /// and, being read-only, leave them behind (or fail where they cannot be made: a full disk,
    /// a read-only folder). When the log is absent or empty the file alone holds the database,
    /// so it can be read as immutable, creating nothing, whatever an `-shm` left beside it.
    /// (A writer starting during that read may make it see a torn page and report a problem;
    /// it never changes anything.)
    private static func immutableURI(forUnusedFile path: String) -> String? {
        let manager = FileManager.default
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file:"),
            manager.fileExists(atPath: path), Self.logIsAbsentOrEmpty(path)
        else { return nil }
        let absolute = path.hasPrefix("/") ? path : manager.currentDirectoryPath + "/" + path
        return "file://\(percentEncodedPath(absolute))?immutable=1"
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

    /// Whether `path` has no write-ahead log beside it, or one with nothing in it: then the
    /// file alone holds the database (`immutable=1` ignores the log and its index).
    private static func logIsAbsentOrEmpty(_ path: String) -> Bool {
        var status = stat()
        return lstat(path + "-wal", &status) != 0 || status.st_size == 0
    }

    /// Sets how long this connection's statements wait for another connection's lock.
    package func setBusyTimeout(milliseconds: Int32) {
        if let handle { sqlite3_busy_timeout(handle, milliseconds) }
    }

    /// SQLite's data version of the main database: it changes with every change to the file,
    /// by this connection or any other (in any process), so an unchanged value means nothing
    /// was written since it was read. A file-control call, no statement.
    package func dataVersion() -> UInt32 {
        guard let handle else { return 0 }
        var version: UInt32 = 0
        _ = sqlite3_file_control(handle, "main", SQLITE_FCNTL_DATA_VERSION, &version)
        return version
    }

    /// Finalizes cached statements and closes the connection. Safe to call more than once.
    package func close() {
        recentStatements.removeAll()
        statementCache.removeAll()
        guard let connection = handle else { return }
        handle = nil
        sqlite3_close_v2(connection)
        Self.openConnections.withLock { [path] counts in
            let remaining = (counts[path] ?? 1) - 1
            counts[path] = remaining > 0 ? remaining : nil
        }
    }

    /// How many connections of this process are open, by the path they were opened with.
    private static let openConnections = Locked<[String: Int]>([:])

    /// The file at `path` named by its device and inode, so every spelling of it (a symlink,
    /// a relative path, `a/../b`) is the same file; the path itself where it cannot be read.
    private static func identity(of path: String) -> String {
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
        let openPaths = openConnections.withLock { Array($0.keys) }
        guard !openPaths.isEmpty else { return false }
        if openPaths.contains(path) { return true }
        let identity = identity(of: path)
        return openPaths.contains { Self.identity(of: $0) == identity }
    }

    /// Stops SQLite from checkpointing the WAL into the file when this connection closes, so a
    /// damaged database can be moved aside exactly as it was found.
    ///
    /// An empty log (the one opening a WAL file creates) holds nothing to protect, so the
    /// connection then closes as usual and removes the `-wal`/`-shm` it created.
    package func disableCheckpointOnClose() {
        guard let handle else { return }
        if ((try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int) == 0 { return }
        var ignored: Int32 = 0
        _ = csqlite_db_config_int(handle, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, &ignored)
    }

    /// Whether `close()` has been called.
    package var isClosed: Bool { handle == nil }

    /// Switches the file to write-ahead logging, so readers never block the writer, and sets
    /// the connection's `synchronous` level from `configuration.durability` (`NORMAL`: a
    /// commit survives a process crash; `FULL`: it survives a power loss too).
    ///
    /// Kept out of `init` because it reads and writes the file, which must not happen before
    /// the caller knows the file is ours; `init` itself touches nothing.
    package func activateWriteAheadLog() throws(SQLiteError) {
        guard configuration.access != .readOnly else { return }
        try executeScript("PRAGMA synchronous = \(configuration.durability.synchronousLevel)")
        let mode = try switchingToWriteAheadLog()
        // An in-memory database answers "memory"; anything else means WAL was refused.
        guard mode == "wal" || mode == "memory" else {
            throw SQLiteError(extendedCode: SQLITE_ERROR, message: "could not enable WAL (journal mode is \(mode ?? "unknown"))", sql: "PRAGMA journal_mode = WAL")
        }
    }

    /// Runs `PRAGMA journal_mode = WAL`, which needs a moment with no other reader on a file
    /// still in rollback mode and, unlike other statements, fails at once with `SQLITE_BUSY`
    /// instead of waiting. Processes opening a new file together hit that, so it is retried
    /// with a short back-off for up to the busy timeout.
    private func switchingToWriteAheadLog() throws(SQLiteError) -> String? {
        var waitedMilliseconds: Int32 = 0
        var pause: Int32 = 1
        while true {
            do {
                return try fetchOne("PRAGMA journal_mode = WAL") { $0.string(0) } ?? nil
            } catch  where error.code == .busy && waitedMilliseconds < configuration.busyTimeoutMilliseconds {
                sqlite3_sleep(pause)
                waitedMilliseconds += pause
                pause = min(pause * 2, 50)
            }
        }
    }

    // MARK: Statements

    /// A prepared statement for `sql`, reused from the cache when it was prepared before.
    package func cachedStatement(_ sql: String) throws(SQLiteError) -> Statement {
        for recent in recentStatements where recent.sql == sql { return recent.statement }
        let statement: Statement
        if let cached = statementCache[sql] {
            statement = cached
        } else {
            statement = try makeStatement(sql)
            if statementCache.count >= configuration.statementCacheCapacity { statementCache.removeAll() }
            statementCache[sql] = statement
        }
        if recentStatements.count >= Self.recentStatementCount { recentStatements.removeLast() }
        recentStatements.insert((sql, statement), at: 0)
        return statement
    }

    /// Prepares `sql` without caching it.
    package func makeStatement(_ sql: String) throws(SQLiteError) -> Statement {
        guard handle != nil else { throw closedError(sql) }
        return try Statement(database: self, sql: sql)
    }

    /// Runs one statement with bound values, discarding any rows.
    package func execute(_ sql: String, _ values: [SQLiteValue] = []) throws(SQLiteError) {
        let statement = try cachedStatement(sql)
        if values.isEmpty, sqlite3_bind_parameter_count(statement.handle) == 0 {
            // BEGIN, COMMIT and the like: nothing to bind; only make sure it starts afresh.
            statement.reset()
        } else {
            try statement.bind(values)
        }
        defer { statement.reset() }
        while try statement.step() {}
    }

    /// Runs a script of several statements that take no parameters (schema changes, pragmas).
    package func executeScript(_ sql: String) throws(SQLiteError) {
        guard let handle else { throw closedError(sql) }
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            sqlite3_free(message)
            // From the connection, so a refusal of the system names its errno (EMFILE, EROFS).
            throw SQLiteError(connection: handle, resultCode: code, sql: sql)
        }
    }

    /// Runs a query and maps every row.
    package func fetchAll<T>(_ sql: String, _ values: [SQLiteValue] = [], row: (Statement) throws -> T) throws -> [T] {
        let statement = try cachedStatement(sql)
        try statement.bind(values)
        defer { statement.reset() }
        var rows: [T] = []
        while try statement.step() { rows.append(try row(statement)) }
        return rows
    }

    /// Runs a query and calls `body` with each row, building nothing.
    package func forEachRow(_ sql: String, _ body: (Statement) throws -> Void) throws {
        let statement = try cachedStatement(sql)
        defer { statement.reset() }
        while try statement.step() { try body(statement) }
    }

    /// Runs a query and maps its first row, or returns nil when there is none.
    package func fetchOne<T>(_ sql: String, _ values: [SQLiteValue] = [], row: (Statement) throws(SQLiteError) -> T) throws(SQLiteError) -> T? {
        let statement = try cachedStatement(sql)
        try statement.bind(values)
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return try row(statement)
    }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE.
    package var changes: Int { handle.map { Int(sqlite3_changes64($0)) } ?? 0 }

    /// Whether a transaction is open on this connection.
    package var isInTransaction: Bool { handle.map { sqlite3_get_autocommit($0) == 0 } ?? false }

    func error(_ code: Int32, sql: String?) -> SQLiteError {
        SQLiteError(connection: handle, resultCode: code, sql: sql)
    }

    private func closedError(_ sql: String) -> SQLiteError {
        SQLiteError(extendedCode: SQLITE_MISUSE, message: "the connection to \(path) is closed", sql: sql)
    }
}
