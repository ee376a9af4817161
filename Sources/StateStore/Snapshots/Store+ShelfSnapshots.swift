import Foundation

extension Store {
    /// Saves a shelf snapshot and deletes all but the newest `keeping` of that shelf, in one
    /// transaction. Returns the new snapshot's id.
    @discardableResult
    public func saveShelfSnapshot(
        _ payload: String, version: Int, account: String, shelf: String,
        rowCount: Int, fetchedAt: Double, keeping: Int = 3
    ) throws -> Int64 {
        let account = try StoreNames.validated(account, kind: "account")
        let shelf = try StoreNames.validated(shelf, kind: "shelf")
        return try database.writeTransaction {
            try database.execute(
                "INSERT INTO shelf_snapshot (account, shelf, version, payload, row_count, fetched_at, saved_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [.text(account), .text(shelf), .int(version), .text(payload), .int(rowCount), .real(fetchedAt), .real(Store.now())]
            )
            let id = try database.fetchOne("SELECT last_insert_rowid()") { $0.int64(0) } ?? 0
            try database.execute(
                """
                DELETE FROM shelf_snapshot WHERE account = ? AND shelf = ? AND id NOT IN
                (SELECT id FROM shelf_snapshot WHERE account = ? AND shelf = ? ORDER BY id DESC LIMIT ?)
                """,
                [.text(account), .text(shelf), .text(account), .text(shelf), .int(max(keeping, 1))]
            )
            return id
        }
    }

    /// The newest snapshot of a shelf, or nil when none was saved.
    public func latestShelfSnapshot(account: String, shelf: String) throws -> StoredShelfSnapshot? {
        guard hasRecoveryTables else { return nil }
        return try database.fetchOne(
            """
            SELECT id, account, shelf, version, payload, row_count, fetched_at, saved_at FROM shelf_snapshot
            WHERE account = ? AND shelf = ? ORDER BY id DESC LIMIT 1
            """,
            [.text(account), .text(shelf)],
            row: Store.shelfSnapshot
        )
    }

    /// Calls `body` with one shelf's snapshots, newest first, reading each only when `body`
    /// asked for the next one (it returns false to stop), so a restore that can use the newest
    /// snapshot reads only that one.
    public func forEachShelfSnapshot(account: String, shelf: String, _ body: (StoredShelfSnapshot) throws -> Bool) throws {
        guard hasRecoveryTables else { return }
        let statement = try database.cachedStatement(
            """
            SELECT id, account, shelf, version, payload, row_count, fetched_at, saved_at FROM shelf_snapshot
            WHERE account = ? AND shelf = ? ORDER BY id DESC
            """
        )
        try statement.bind([.text(account), .text(shelf)])
        defer { statement.reset() }
        while try statement.step() {
            guard try body(Store.shelfSnapshot(statement)) else { return }
        }
    }

    /// Every stored snapshot without its payload's meaning, newest first per shelf.
    public func shelfSnapshots(account: String? = nil) throws -> [StoredShelfSnapshot] {
        guard hasRecoveryTables else { return [] }
        return try database.fetchAll(
            """
            SELECT id, account, shelf, version, payload, row_count, fetched_at, saved_at FROM shelf_snapshot
            WHERE ?1 IS NULL OR account = ?1 ORDER BY account, shelf, id DESC
            """,
            [.optionalText(account)],
            row: Store.shelfSnapshot
        )
    }

    private static func shelfSnapshot(_ row: Statement) -> StoredShelfSnapshot {
        StoredShelfSnapshot(
            id: row.int64(0), account: row.string(1) ?? "", shelf: row.string(2) ?? "", version: row.int(3),
            payload: row.data(4) ?? Data(), rowCount: row.int(5), fetchedAt: row.double(6), savedAt: row.double(7)
        )
    }
}
