import CSQLite
import Foundation

extension Database {
    /// Runs `body` in a write transaction and commits it, or rolls back when `body` throws.
    ///
    /// The outermost call starts with `BEGIN IMMEDIATE`, taking the write lock up front so the
    /// busy timeout applies there rather than failing at the first write. Nested calls become
    /// savepoints, so an inner failure undoes only the inner work.
    package func writeTransaction<T>(_ body: () throws -> T) throws -> T {
        if isInTransaction { return try savepoint(body) }
        try beginWriting()
        return try committing(body)
    }

    /// Begins a write transaction (`BEGIN IMMEDIATE`); on a connection that only reads, counted
    /// first where a test counts the writes attempted on this file (``countWriteAttempts(at:)``).
    ///
    /// The connection's first write transaction turns `secure_delete` on for itself and every
    /// one after it (the first is the one that prepares its `BEGIN`; a connection opened again
    /// prepares it again): what a write deletes or replaces is overwritten with zeros. SQLite's
    /// own default leaves deleted bytes in the file, and a platform's build keeps that default
    /// or not (Debian's zeroes them). A connection that never writes never runs the pragma.
    private func beginWriting() throws {
        if configuration.access == .readOnly {
            Self.countedWriteAttempts.withLock { counted in
                let identity = Self.identity(of: path)
                if let count = counted[identity] { counted[identity] = count + 1 }
            }
        }
        if keptStatements[KeptStatement.beginImmediate.slot].statement == nil { try executeScript("PRAGMA secure_delete = ON") }
        try run(.beginImmediate)
    }

    /// The write transactions begun on each counted file (by device and inode) through
    /// connections that only read, for the package's tests. A connection that writes never
    /// looks here: a save costs nothing for it.
    private static let countedWriteAttempts = Locked<[String: Int]>([:])

    /// Counts, from now on, the write transactions this process begins on the file at `path`
    /// through connections that only read (every write of the store begins one), for a test
    /// that asserts a reading restorer attempts none; ``stopCountingWriteAttempts(at:)`` ends it.
    package static func countWriteAttempts(at path: String) {
        countedWriteAttempts.withLock { $0[identity(of: path)] = 0 }
    }

    /// The write transactions begun on the file at `path` since ``countWriteAttempts(at:)``,
    /// and the count ends; nil when it was not counted.
    @discardableResult
    package static func stopCountingWriteAttempts(at path: String) -> Int? {
        countedWriteAttempts.withLock { $0.removeValue(forKey: identity(of: path)) }
    }

    /// Runs `body` in the transaction just begun and commits it, or rolls back when it throws.
    ///
    /// First it checks, under the write lock, that the file's schema is still one the store's
    /// build may write (``SchemaWriteCheck``).
    private func committing<T>(_ body: () throws -> T) throws -> T {
        do {
            try refuseMovedAway()
            let checked = try refuseUnwritableSchema()
            let result = try body()
            try run(.commit)
            if checked != nil { keepSchemaWriteCheck(acrossCommitFrom: checked, committed: dataVersion()) }
            return result
        } catch {
            rollbackIfNeeded()
            throw error
        }
    }

    /// Throws when, under the write lock, the file this connection has open is no longer the
    /// database at its path, so nothing is committed where no one will read it:
    ///
    /// - ``StoreError/movedTo(path:destination:)`` when a move took it away: a move killed
    ///   after it put its copy in place leaves the original beside its note, and a write that
    ///   waited for the move's lock would go into the original, which every process now answers
    ///   "moved" for. One `lstat` of the note's path, until a write transaction of the
    ///   connection finds none (``foundNoMoveNote``): no move can take the file while the
    ///   connection is open after that. A save paid the look at every write transaction: a
    ///   path's walk by the kernel, about 1.8 µs on a two-core VM, and `save-single` 1.30-1.32x
    ///   raw with it, 1.24-1.28x without.
    /// - ``StoreError/fileMoved(path:)`` when it was removed, renamed away or replaced since
    ///   this connection opened it (``fileHasMoved``, one `stat`): the commit would go into a
    ///   file no later open finds, and the save would be acknowledged and lost. Anyone may
    ///   rename or remove a file whatever locks are held, so every write transaction asks.
    private func refuseMovedAway() throws(StoreError) {
        if !foundNoMoveNote {
            if MovedDatabaseNote.mayBePresent(at: movedNotePath), let destination = MovedDatabaseNote.interruptedMoveDestination(of: path) {
                throw .movedTo(path: path, destination: destination)
            }
            foundNoMoveNote = true
        }
        if fileHasMoved { throw .fileMoved(path: path) }
    }

    /// Runs `body` in a write transaction of its own, given the file's data version under the
    /// write lock (which nothing but this transaction's commit changes until it ends), and
    /// returns its result with that version and the one after the commit: a write that keeps
    /// what it read at one data version valid across its own commit asks for no version more.
    /// Not inside a transaction.
    package func writeTransactionReadingDataVersions<T>(_ body: (UInt32) throws -> T) throws -> (result: T, began: UInt32, committed: UInt32) {
        precondition(!isInTransaction, "a write transaction of its own, not inside another")
        try beginWriting()
        return try committingReadingDataVersions(body)
    }

    /// ``committing(_:)``, reading the data version once after the begin and once after the commit.
    private func committingReadingDataVersions<T>(_ body: (UInt32) throws -> T) throws -> (result: T, began: UInt32, committed: UInt32) {
        do {
            try refuseMovedAway()
            let checked = try refuseUnwritableSchema()
            let began = checked ?? dataVersion()
            let result = try body(began)
            try run(.commit)
            let committed = dataVersion()
            keepSchemaWriteCheck(acrossCommitFrom: checked, committed: committed)
            return (result, began, committed)
        } catch {
            rollbackIfNeeded()
            throw error
        }
    }

    /// Runs `body`, a small write that must survive a crash of the app but whose loss in a
    /// power cut is harmless (the launch's crash-loop mark), in a write transaction that does
    /// not `fsync`.
    ///
    /// The first commit into a fresh write-ahead log makes SQLite sync the log's header, even
    /// at `synchronous = NORMAL`: on the launch path that one sync was half of a whole restore
    /// (the storage part of the launch is a read). The sync is there so that frames left over
    /// from the log's previous cycle can never be taken for new ones after a power cut. An
    /// empty log has no such frames, so when the log is empty (as every clean close leaves it)
    /// and the durability is `.crashSafe`, the write runs at `synchronous = OFF`: the commit is
    /// in the operating system's cache, which an app crash cannot lose, and the log is synced
    /// before any checkpoint copies it into the database, so a power cut can cost the write but
    /// never the file's consistency. Otherwise it is an ordinary `writeTransaction`.
    ///
    /// The log is checked again once the write lock is held: until then another connection may
    /// append to it (and checkpoint it without truncating it), and restarting such a log
    /// without the header sync is exactly what the sync prevents.
    package func crashDurableWriteTransaction<T>(_ body: () throws -> T) throws -> T {
        guard configuration.durability == .crashSafe, !isInTransaction, writeAheadLogIsEmpty else {
            return try writeTransaction(body)
        }
        if let hook = Self.crashDurableWriteHook.withLock({ $0 }) { hook(path) }
        let written: T? = try withoutSyncing {
            try beginWriting()
            guard writeAheadLogIsEmpty else {
                rollbackIfNeeded()
                return nil
            }
            return try committing(body)
        }
        if let written { return written }
        // Another writer got there first: commit the ordinary way, syncs included.
        return try writeTransaction(body)
    }

    /// Runs `body` at `synchronous = OFF` and without automatic checkpoints (a checkpoint must
    /// sync the log before it writes the database), then puts both back. Neither pragma can
    /// change inside a transaction, so `body` begins and ends its own.
    private func withoutSyncing<R>(_ body: () throws -> R) throws -> R {
        let autocheckpoint = try fetchOne("PRAGMA wal_autocheckpoint") { $0.int(0) } ?? 1_000
        defer { restoreSynchronousLevel(autocheckpoint: autocheckpoint) }
        try executeScript("PRAGMA synchronous = OFF; PRAGMA wal_autocheckpoint = 0")
        return try body()
    }

    /// Called by `crashDurableWriteTransaction` with the database path after its first look at
    /// the log, before it takes the write lock: tests write from another connection there.
    package static let crashDurableWriteHook = Locked<(@Sendable (String) -> Void)?>(nil)

    /// Puts `synchronous` and `wal_autocheckpoint` back after `withoutSyncing`.
    /// A connection that cannot get them back (a transaction stuck open) is closed without
    /// its closing checkpoint, which would otherwise run unsynced: it must not write again.
    private func restoreSynchronousLevel(autocheckpoint: Int) {
        let script = "PRAGMA synchronous = \(configuration.durability.synchronousLevel); PRAGMA wal_autocheckpoint = \(autocheckpoint)"
        for _ in 0..<2 {
            if (try? executeScript(script)) != nil { return }
            rollbackIfNeeded()
        }
        if let handle {
            var ignored: Int32 = 0
            _ = csqlite_db_config_int(handle, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, &ignored)
        }
        close()
    }

    /// Whether this connection has its write-ahead log open and the log is empty (a log SQLite
    /// has just created or truncated). Asked of the open file through SQLite's own VFS, so it is
    /// the log SQLite writes, as SQLite sees it. False when the log is not open yet.
    private var writeAheadLogIsEmpty: Bool {
        guard let handle else { return false }
        var file: UnsafeMutablePointer<sqlite3_file>?
        guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_JOURNAL_POINTER, &file) == SQLITE_OK,
            let file, let methods = file.pointee.pMethods, let fileSize = methods.pointee.xFileSize
        else { return false }
        var size: sqlite3_int64 = 0
        return fileSize(file, &size) == SQLITE_OK && size == 0
    }

    /// Runs `body` in a read transaction, so every read sees one consistent snapshot.
    package func readTransaction<T>(_ body: () throws -> T) throws -> T {
        if isInTransaction { return try body() }
        try execute("BEGIN DEFERRED")
        defer { rollbackIfNeeded() }
        return try body()
    }

    /// Runs `body` inside a savepoint, released on success and rolled back when `body` throws.
    package func savepoint<T>(_ body: () throws -> T) throws -> T {
        try execute("SAVEPOINT nested")
        do {
            let result = try body()
            try execute("RELEASE SAVEPOINT nested")
            return result
        } catch {
            if isInTransaction {
                try? execute("ROLLBACK TO SAVEPOINT nested")
                try? execute("RELEASE SAVEPOINT nested")
            }
            throw error
        }
    }

    private func rollbackIfNeeded() {
        // A failed COMMIT (disk full, I/O error) can leave the transaction open or already
        // rolled back; only roll back what is still open.
        if isInTransaction { try? execute("ROLLBACK") }
    }
}
