import CSQLite
import Foundation

extension Database {
    /// Runs `body` in a write transaction and commits it, or rolls back when `body` throws.
    ///
    /// The outermost call starts with `BEGIN IMMEDIATE`, taking the write lock up front so the
    /// busy timeout applies there rather than failing at the first write. Nested calls become
    /// savepoints, so an inner failure undoes only the inner work.
    public func writeTransaction<T>(_ body: () throws -> T) throws -> T {
        if isInTransaction { return try savepoint(body) }
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
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
    package func crashDurableWriteTransaction<T>(_ body: () throws -> T) throws -> T {
        guard configuration.durability == .crashSafe, !isInTransaction, writeAheadLogIsEmpty else {
            return try writeTransaction(body)
        }
        // No automatic checkpoint either, should another process fill the log meanwhile: a
        // checkpoint must sync the log before it writes the database.
        let autocheckpoint = try fetchOne("PRAGMA wal_autocheckpoint") { $0.int(0) } ?? 1_000
        try executeScript("PRAGMA synchronous = OFF; PRAGMA wal_autocheckpoint = 0")
        defer {
            do {
                try executeScript("PRAGMA synchronous = \(configuration.durability.synchronousLevel); PRAGMA wal_autocheckpoint = \(autocheckpoint)")
            } catch {
                // Never leave a connection that later saves through without syncing.
                close()
            }
        }
        return try writeTransaction(body)
    }

    /// Whether this file's `-wal` exists and is empty (a log SQLite has just created or
    /// truncated). False for in-memory and URI databases.
    private var writeAheadLogIsEmpty: Bool {
        guard !path.isEmpty, path != ":memory:", !path.hasPrefix("file:") else { return false }
        var info = stat()
        return stat(path + "-wal", &info) == 0 && info.st_size == 0
    }

    /// Runs `body` in a read transaction, so every read sees one consistent snapshot.
    package func readTransaction<T>(_ body: () throws -> T) throws -> T {
        if isInTransaction { return try body() }
        try execute("BEGIN DEFERRED")
        defer { rollbackIfNeeded() }
        return try body()
    }

    /// Runs `body` inside a savepoint, released on success and rolled back when `body` throws.
    public func savepoint<T>(_ body: () throws -> T) throws -> T {
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
