extension Store {
    /// The records' count and payload bytes per account and kind, ordered by account and kind;
    /// empty for an empty database. Reads only, and never the payloads themselves.
    package func recordTotals() throws -> [RecordTotal] {
        guard hasRecords else { return [] }
        let kind = hasRecordKinds ? "kind" : kindBeforeKindsSQL
        return try database.fetchAll(
            "SELECT account, \(kind), count(*), coalesce(sum(length(CAST(payload AS BLOB))), 0) FROM scene_state GROUP BY 1, 2 ORDER BY 1, 2"
        ) { row in
            RecordTotal(account: row.string(0) ?? "", kind: row.string(1) ?? "", records: row.int(2), bytes: row.int(3))
        }
    }
}
