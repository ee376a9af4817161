import Foundation

extension Store {
    /// Saves the record of one (account, scene, kind) given as text, in its own transaction
    /// unless one is already open, under `rules` (by default none: it replaces whatever is
    /// stored): the package's tests and tools set files up with it. It ends in
    /// ``write(_:rules:)``, as every write the engine makes through its write gate does.
    package func saveRecord(
        _ payload: String, version: Int, minReaderVersion: Int? = nil,
        account: String, scene: String, kind: String, at time: Double? = nil, rules: WriteRules = .unconditional
    ) throws {
        var payload = payload
        try payload.withUTF8 { bytes in
            _ = try write(
                .record(account: account, scene: scene, kind: kind, version: version, minReaderVersion: minReaderVersion, payload: bytes, at: time),
                rules: rules)
        }
    }

    /// The record upsert, shared with the benchmark's raw twin so both run the same SQL.
    package static let upsertRecordSQL = """
        INSERT INTO scene_state (account, scene, kind, version, min_reader_version, payload, updated_at)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
        ON CONFLICT (account, scene, kind) DO UPDATE
        SET version = excluded.version, min_reader_version = excluded.min_reader_version,
            payload = excluded.payload, updated_at = excluded.updated_at
        WHERE ?10 IS NULL AND (?8 IS NULL OR scene_state.version <= ?8 OR (?9 IS NULL AND scene_state.min_reader_version <= ?8))
        """

    /// The record read on a schema with kinds, shared with the benchmark's raw twins.
    package static let recordSQL =
        "SELECT version, min_reader_version, payload, updated_at FROM scene_state WHERE account = ?1 AND scene = ?2 AND kind = ?3"

    /// The stored record of one (account, scene, kind), or nil when there is none.
    package func record(account: String, scene: String, kind: String) throws -> StoredRecord? {
        guard hasRecords else { return nil }
        return try database.fetchOne(
            hasRecordKinds
                ? Self.recordSQL
                : "SELECT version, NULL, payload, updated_at FROM scene_state WHERE account = ?1 AND scene = ?2 AND ?3 = \(kindBeforeKindsSQL)",
            [.text(account), .text(scene), .text(kind)]
        ) { Self.storedRecord(at: $0, account: account, scene: scene, kind: kind) }
    }

    /// The record of (account, scene, kind) in `row`, the current row of a query of its version,
    /// min_reader_version, payload and updated_at (``recordSQL``).
    static func storedRecord(at row: Statement, account: String, scene: String, kind: String) -> StoredRecord {
        StoredRecord(
            account: account, scene: scene, kind: kind, version: row.int(0), minReaderVersion: row.isNull(1) ? nil : row.int(1),
            payload: row.data(2) ?? Data(), updatedAt: row.double(3))
    }

    /// Calls `body` with every record, one at a time, ordered by account, scene and kind, so
    /// memory stays flat however many there are.
    package func forEachRecord(account: String? = nil, _ body: (StoredRecord) throws -> Void) throws {
        guard hasRecords else { return }
        let columns =
            hasRecordKinds
            ? "account, scene, kind, version, min_reader_version, payload, updated_at"
            : "account, scene, \(kindBeforeKindsSQL), version, NULL, payload, updated_at"
        let statement = try database.makeStatement(
            "SELECT \(columns) FROM scene_state WHERE ?1 IS NULL OR account = ?1 ORDER BY account, scene\(hasRecordKinds ? ", kind" : "")"
        )
        try statement.bind([.optionalText(account)])
        while try statement.step() {
            try body(
                StoredRecord(
                    account: statement.string(0) ?? "", scene: statement.string(1) ?? "", kind: statement.string(2) ?? "",
                    version: statement.int(3), minReaderVersion: statement.isNull(4) ? nil : statement.int(4),
                    payload: statement.data(5) ?? Data(), updatedAt: statement.double(6)
                )
            )
        }
    }

    /// Whether records carry a kind (schema version 4 and later). Every record of an older
    /// schema is of the kind the store was opened with (``kindBeforeKinds``).
    var hasRecordKinds: Bool { schemaVersion >= 4 }

    /// Whether the file has the records' table: any schema but an empty file's (0), which
    /// holds no record (a reading verb given one answers as for an empty database).
    var hasRecords: Bool { schemaVersion >= 1 }

    /// The kind of the records of an older schema as an SQL literal (`NULL` for none).
    var kindBeforeKindsSQL: String { kindBeforeKinds.map { "'\($0.replacingOccurrences(of: "'", with: "''"))'" } ?? "NULL" }
}

extension Store {
    /// Every record's location, kind, version, size and time, ordered by account, scene and kind.
    package func recordSummaries() throws -> [StoredRecordSummary] {
        guard hasRecords else { return [] }
        let kind = hasRecordKinds ? "kind" : kindBeforeKindsSQL
        return try database.fetchAll(
            "SELECT account, scene, \(kind), version, length(CAST(payload AS BLOB)), updated_at FROM scene_state ORDER BY account, scene, 3"
        ) { row in
            StoredRecordSummary(
                account: row.string(0) ?? "", scene: row.string(1) ?? "", kind: row.string(2) ?? "",
                version: row.int(3), size: row.int(4), updatedAt: row.double(5)
            )
        }
    }
}
