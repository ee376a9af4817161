import CSQLite

extension Database {
    /// Whether this connection has SQLite's temp database open. SQLite opens it the first
    /// time a statement needs it (an `ALTER TABLE … RENAME` rewrites the temp schema too) and
    /// keeps it until the connection closes; every later write transaction then begins and
    /// commits it as well (about 0.9 k instructions each).
    package var hasTemporarySchemaOpen: Bool { handle.map { sqlite3_db_filename($0, "temp") != nil } ?? false }

    /// Closes SQLite's temp database when nothing in it is in use: outside a transaction,
    /// and only when it holds no table, index, view or trigger. Changing `temp_store` is
    /// SQLite's one way to close it (its `invalidateTempStorage`), so the setting is moved to
    /// another value and put back; the schemas are read again at the next statement.
    package func releaseTemporarySchema() throws(StoreError) {
        guard hasTemporarySchemaOpen, !isInTransaction else { return }
        guard try fetchOne("SELECT 1 FROM temp.sqlite_schema LIMIT 1", row: { _ throws(StoreError) in true }) == nil else { return }
        guard let store = try fetchOne("PRAGMA temp_store", row: { row throws(StoreError) in row.int(0) }) else { return }
        let other = store == 2 ? 1 : 2
        try executeScript("PRAGMA temp_store = \(other); PRAGMA temp_store = \(store)")
    }
}
