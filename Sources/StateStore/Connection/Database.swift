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
/// let db = try Database(DatabaseFile(resolving: "state.sqlite"), .readWrite(createIfMissing: true))
/// try db.writeTransaction { try db.execute("DELETE FROM t WHERE id = ?", [.int(7)]) }
/// ```
package final class Database {
    /// The application id this project writes into every database it owns ("RSTC").
    package static let applicationID: Int32 = 0x5253_5443

    /// The file the connection was opened on, as resolved.
    package let file: DatabaseFile

    /// The path the connection was opened with (the file's, holding no link).
    package let path: String

    /// The configuration it was opened with.
    package let configuration: DatabaseConfiguration
    /// The file this open made (published a new database at the path, or created an empty one
    /// where hard links are not available), by device and inode; nil when it opened one that
    /// was there. The storage refusing its first read or a first migration of it removes it
    /// whole, when it is still that file and holds no row (``Store/removingAFailedCreation(of:_:)``).
    package let madeFile: DatabaseFile.Identity?

    /// The path of the note a move leaves beside the file (``MovedDatabaseNote``), as a C
    /// string made at the first write transaction, which looks for it.
    lazy var movedNotePath = MovedDatabaseNote.path(for: path).utf8CString

    /// Whether a write transaction of this connection found no note of a move that took its
    /// file: from then on none can appear while it is open, so no later one looks
    /// (``refuseMovedAway()``). The connection holds SQLite's shared lock on the file from its
    /// first read to its close (a write-ahead-log connection never lets go of it between
    /// transactions), and a move neither begins while another connection holds it
    /// (`Store.relocate` refuses a file open elsewhere) nor copies the file without its
    /// exclusive lock.
    var foundNoMoveNote = false

    var handle: OpaquePointer?
    /// What this connection assumed of its file when it opened it as immutable; nil when it
    /// did not (``readsAFileWrittenSinceItsImmutableOpen``).
    private(set) var immutableRead: ImmutableRead?
    /// Whether this connection counts as one open on its path (``hasOpenConnection(to:)``):
    /// from before SQLite opens the file until it closes, unless ``keepOpenDetached()`` let go
    /// of the path while keeping the file.
    var isRegistered = true

    /// What each write transaction checks before its first statement: that the file's schema
    /// is still one the store's build may write. Nil (no check) until a store has opened the file.
    /// (Checked under the write lock by the one thread using the connection, never re-entrantly:
    /// its accesses skip the runtime's exclusivity check.)
    @exclusivity(unchecked) package var schemaWriteCheck: SchemaWriteCheck?

    /// The prepared statements by their SQL: a list while the connection has prepared a few
    /// (``listedStatementCount``: a launch prepares about eight), a dictionary past them; not
    /// one from the first statement: see ``PathTable``.
    var statementList: [SQLStatement] = []
    var statementCache: [String: Statement] = [:]

    /// Statements kept in ``statementList`` before the cache is a dictionary.
    static let listedStatementCount = 16

    /// The last few statements taken from `statementCache` or prepared, newest first, checked
    /// before it: comparing a hot path's SQL with these (the same string storage compares by
    /// identity) costs a fraction of hashing it, which was a tenth of a save's own work.
    var recentStatements: [SQLStatement] = []

    static let recentStatementCount = 6

    /// The statements every write runs (``KeptStatement``), by slot, each prepared at its first
    /// use and finalized with the cache's at `close()`.
    /// (A connection is used by one thread at a time and this is never reached re-entrantly,
    /// so its accesses skip the runtime's exclusivity check: a save takes three.)
    @exclusivity(unchecked) var keptStatements = [KeptSlot](repeating: KeptSlot(), count: KeptStatement.slotCount)

    /// One slot of ``keptStatements`` (a struct, not a `Statement?`: the list's type would be
    /// made from its mangled name, `Optional<Statement>` first, at a process's first open:
    /// about 38 k instructions).
    struct KeptSlot {
        var statement: Statement?
    }

    /// Opens `file` as `mode` says: the one way the package's code opens a database file (a
    /// launch, a read-only restorer, every tool verb, the writer's connection, a deferred
    /// migration, an export, a relocation, staging and backup files). `file` is resolved
    /// (``DatabaseFile``): its path holds no link in any component, so it is opened with
    /// `SQLITE_OPEN_NOFOLLOW` and a link swapped in since is refused, never followed. The
    /// connection's access is the mode's, whatever `configuration.access` says.
    ///
    /// `companions` is what an opener that needs it too (``Store``) found beside the file just
    /// before; nil looks now.
    ///
    /// - Throws: `StoreError.sqlite`, naming the path, when the file cannot be created or opened; a
    ///   file this call created is removed again then, and a database it published while it is
    ///   still as published.
    package init(
        _ file: DatabaseFile, _ mode: OpenMode, configuration: DatabaseConfiguration = DatabaseConfiguration(), companions: DatabaseSiblings? = nil
    ) throws(StoreError) {
        let path = file.path
        var configuration = configuration
        configuration.access = mode.access
        // SQLite opens the `-wal`, `-shm` and `-journal` beside the file itself, following
        // links: anything there but a regular file refuses the open, before anything is made at
        // the path (a new database published there first stayed, at schema 0).
        try (companions ?? DatabaseSiblings(of: file)).refuseNonRegularCompanion()
        let published = mode == .readWrite(createIfMissing: true) ? try Database.publishNewDatabaseIfMissing(file, configuration: configuration) : false
        let publishedFile = published ? DatabaseFile.identity(at: path) : nil
        self.file = file
        self.path = path
        self.configuration = configuration
        // The path is resolved (`DatabasePath`) and holds no link: one swapped in since is
        // refused (`SQLITE_CANTOPEN_SYMLINK`), never followed.
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_NOFOLLOW
        var openPath = path
        var isCreated = false
        switch configuration.access {
        case .readOnly:
            flags |= SQLITE_OPEN_READONLY
            if let immutable = Database.immutableURI(forUnusedFile: file) {
                flags |= SQLITE_OPEN_URI
                openPath = immutable.uri
                immutableRead = immutable.assumed
            }
        case .readWrite(let create):
            flags |= SQLITE_OPEN_READWRITE
            if create {
                flags |= SQLITE_OPEN_CREATE
                isCreated = try Database.createPrivateFileIfMissing(file)
            }
        }
        // A failed open must not leave behind the empty file it created, or the new database it
        // published while it is still as published: either reads as a valid, empty database later.
        let removeCreatedFile = {
            if isCreated {
                unlink(path)
            } else if let publishedFile {
                _ = DatabaseSiblings.removeDatabaseTheFailedOpenMade(at: path, madeAs: publishedFile, unlessWrittenSince: true)
            }
        }
        var connection: OpaquePointer?
        var code: Int32
        // Registered before SQLite opens it: from its first lock on, no code of this process
        // may open and close the file behind it (``hasOpenConnection(to:)``).
        Self.register(path)
        repeat {
            code = sqlite3_open_v2(openPath, &connection, flags, configuration.vfsName)
            // A file this process may not write (mode 0444, another owner's) is opened
            // read-only by SQLite all the same, and its first read then makes a `-wal` and an
            // `-shm` of the file's mode that no close removes: once the file is writable again,
            // that `-shm` made every save fail. Where the log is unused it is opened again as
            // a reading connection opens it, creating nothing; a write is refused as read-only
            // either way (``activateWriteAheadLog()``).
            guard code == SQLITE_OK, flags & SQLITE_OPEN_READWRITE != 0, let opened = connection, sqlite3_db_readonly(opened, "main") == 1,
                let immutable = Database.immutableURI(forUnusedFile: file)
            else { break }
            sqlite3_close_v2(opened)
            connection = nil
            flags = flags & ~(SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) | SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
            openPath = immutable.uri
            immutableRead = immutable.assumed
        } while true
        guard code == SQLITE_OK, let connection else {
            let error = StoreError(connection: connection, resultCode: code, sql: nil)
            sqlite3_close_v2(connection)
            Self.unregister(path)
            removeCreatedFile()
            throw error.rewritingMessage { "\($0): \(path)" }
        }
        handle = connection
        madeFile = isCreated ? DatabaseFile.identity(at: path) : publishedFile
        do {
            try configure(connection)
        } catch {
            close()
            removeCreatedFile()
            throw error
        }
    }

    /// Opens the link-free `path` a test or a benchmark made, as plain SQLite does: read only,
    /// read and write, or (creating) as ``OpenMode/ownFile``, an empty file of mode 0600 and
    /// nothing published. The package's own code opens through ``init(_:_:configuration:)``.
    package convenience init(path: String, configuration: DatabaseConfiguration = DatabaseConfiguration()) throws(StoreError) {
        let mode: OpenMode =
            switch configuration.access {
            case .readOnly: .readOnly
            case .readWrite(createIfMissing: false): .readWrite(createIfMissing: false)
            case .readWrite(createIfMissing: true): .ownFile
            }
        try self.init(DatabaseFile(linkFree: path), mode, configuration: configuration)
    }

    deinit { close() }

    func configure(_ connection: OpaquePointer) throws(StoreError) {
        sqlite3_extended_result_codes(connection, 1)
        sqlite3_busy_timeout(connection, configuration.busyTimeoutMilliseconds)
        var ignored: Int32 = 0
        _ = csqlite_db_config_int(connection, SQLITE_DBCONFIG_DEFENSIVE, 1, &ignored)
        // `trusted_schema=OFF` and `foreign_keys=ON` as the connection's settings, not pragmas:
        // the same flags, without a statement parsed and run for each at every open.
        _ = csqlite_db_config_int(connection, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, &ignored)
        _ = csqlite_db_config_int(connection, SQLITE_DBCONFIG_ENABLE_FKEY, 1, &ignored)
        // The log's size limit applies when a write or checkpoint ends, which a read-only
        // connection never does.
        if configuration.access != .readOnly {
            try executeScript("PRAGMA journal_size_limit = \(configuration.journalSizeLimitBytes)")
        }
    }

    /// Sets how long this connection's statements wait for another connection's lock.
    package func setBusyTimeout(milliseconds: Int32) {
        if let handle { sqlite3_busy_timeout(handle, milliseconds) }
    }

    /// SQLite's data version of the main database: it changes with every change to the file,
    /// by this connection or any other (in any process), so an unchanged value means nothing
    /// was written since it was read. A file-control call, no statement (and no name: SQLite
    /// takes a null name for the main database without comparing names).
    ///
    /// Inside a transaction it holds still: SQLite changes it when a transaction begins after
    /// another connection's write, and at a commit, never at a statement.
    package func dataVersion() -> UInt32 {
        guard let handle else { return 0 }
        var version: UInt32 = 0
        _ = sqlite3_file_control(handle, nil, SQLITE_FCNTL_DATA_VERSION, &version)
        return version
    }

    /// Finalizes cached statements and closes the connection. Safe to call more than once.
    ///
    /// A writing connection whose file was replaced by another removes its own log and shared
    /// memory from beside the replacement, when nobody can be using them
    /// (``ownLogHeaderBesideReplacement(_:)``).
    package func close() {
        recentStatements.removeAll()
        statementList.removeAll()
        statementCache.removeAll()
        for slot in keptStatements.indices { keptStatements[slot].statement = nil }
        guard let connection = handle else { return }
        let ownLog = ownLogHeaderBesideReplacement(connection)
        handle = nil
        sqlite3_close_v2(connection)
        if isRegistered { Self.unregister(path) }
        if let ownLog { Self.removeOwnLog(besideReplacementAt: path, header: ownLog) }
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
}
