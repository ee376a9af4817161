import Foundation

/// The snapshot table, for any kind stored as snapshots (the shelf's): the table and its
/// columns keep the names older releases read (`shelf_snapshot`, its `shelf` column, which
/// holds the collection's name).
extension Store {
    /// Saves a snapshot of `collection` (a shelf, for the shelf's snapshots) and prunes that
    /// collection's older snapshots, in one transaction, replacing the rules of the write gate
    /// with none: the package's tests and tools set files up with it. Returns the new
    /// snapshot's id.
    ///
    /// Only snapshots this format's readers can read count towards the newest `keeping` that
    /// are kept: a snapshot of a newer format (unless its `minReaderVersion` allows) or one
    /// marked unreadable is never deleted here. An app saves through `StateRestorer`, whose
    /// write gate adds the sign-out fence.
    @discardableResult
    package func saveSnapshot(
        _ payload: String, version: Int, minReaderVersion: Int? = nil, account: String, collection: String,
        rowCount: Int, fetchedAt: Double, keeping: Int = 3
    ) throws -> Int64 {
        var payload = payload
        return try payload.withUTF8 { bytes in
            try write(
                .snapshot(
                    account: account, collection: collection, version: version, minReaderVersion: minReaderVersion, payload: bytes, rowCount: rowCount,
                    fetchedAt: fetchedAt, keeping: keeping),
                rules: .unconditional) ?? 0
        }
    }

    /// Marks a snapshot a reader could not decode, so it is kept (never pruned) for a build
    /// or a repair that can read it.
    package func markSnapshotUnreadable(id: Int64, error: String) throws {
        try database.writeTransaction {
            try database.execute("UPDATE shelf_snapshot SET unreadable_error = ? WHERE id = ?", [.text(error), .integer(id)])
        }
    }

    /// Calls `body` with one collection's snapshots, newest first, reading each only when `body`
    /// asked for the next one (it returns false to stop), so a restore that can use the newest
    /// snapshot reads only that one. The payload is handed over where SQLite holds it, valid
    /// only during the call (the snapshot's own `payload` is empty), so a restore decodes a
    /// large snapshot without a copy of its text.
    package func forEachSnapshot(
        account: String, collection: String,
        payloadInPlace body: (StoredSnapshot, UnsafeBufferPointer<UInt8>) throws -> Bool
    ) throws {
        guard hasRecoveryTables else { return }
        let statement = try database.cachedStatement(
            "SELECT \(snapshotColumns) FROM shelf_snapshot WHERE account = ? AND shelf = ? ORDER BY id DESC"
        )
        try statement.bind([.text(account), .text(collection)])
        defer { statement.reset() }
        // A snapshot's size is not known until its row is read: the cache is held small for it.
        try database.withPageCache(passingValueOf: nil) {
            while try statement.step() {
                let stored = Store.snapshot(statement, payload: Data())
                let wantsNext = try statement.withBytes(6) { raw in
                    try body(stored, UnsafeBufferPointer(start: raw.baseAddress?.assumingMemoryBound(to: UInt8.self), count: raw.count))
                }
                guard wantsNext else { return }
            }
        }
    }

    /// Every stored snapshot without its payload's meaning, newest first per collection.
    package func snapshots(account: String? = nil) throws -> [StoredSnapshot] {
        guard hasRecoveryTables else { return [] }
        return try database.fetchAll(
            "SELECT \(snapshotColumns) FROM shelf_snapshot WHERE ?1 IS NULL OR account = ?1 ORDER BY account, shelf, id DESC",
            [.optionalText(account)]
        ) { Store.snapshot($0, payload: $0.data(6) ?? Data()) }
    }

    private var snapshotColumns: String {
        let added = hasRecordKinds ? "min_reader_version, unreadable_error" : "NULL, NULL"
        return "id, account, shelf, version, \(added), payload, row_count, fetched_at, saved_at"
    }

    private static func snapshot(_ row: Statement, payload: Data) -> StoredSnapshot {
        StoredSnapshot(
            id: row.int64(0), account: row.string(1) ?? "", collection: row.string(2) ?? "", version: row.int(3),
            minReaderVersion: row.isNull(4) ? nil : row.int(4), unreadableError: row.string(5),
            payload: payload, rowCount: row.int(7), fetchedAt: row.double(8), savedAt: row.double(9)
        )
    }
}
