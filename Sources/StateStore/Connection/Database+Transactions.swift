import CSQLite

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
