import Foundation

extension Store {
    /// Moves one screen's record, bytes untouched, to the quarantine in one transaction.
    /// Returns the quarantine id, or nil when the screen has no record.
    @discardableResult
    package func quarantineRecord(
        account: String, scene: String, kind: String, reason: QuarantineReason, error: String
    ) throws -> Int64? {
        try database.writeTransaction {
            try database.execute(
                """
                INSERT INTO quarantine (account, scene, kind, version, payload, error, reason, updated_at, quarantined_at)
                SELECT account, scene, kind, version, CAST(payload AS BLOB), ?, ?, updated_at, ?
                FROM scene_state WHERE account = ? AND scene = ? AND kind = ?
                """,
                [.text(error), .text(reason.rawValue), .real(currentTime()), .text(account), .text(scene), .text(kind)]
            )
            guard database.changes > 0 else { return nil }
            let id = try database.fetchOne("SELECT last_insert_rowid()") { $0.int64(0) }
            try database.execute(
                "DELETE FROM scene_state WHERE account = ? AND scene = ? AND kind = ?",
                [.text(account), .text(scene), .text(kind)]
            )
            return id
        }
    }

    /// Every quarantined record, oldest first. Empty on a schema without the quarantine table.
    package func quarantinedRecords() throws -> [QuarantinedRecord] {
        guard hasRecoveryTables else { return [] }
        let kind = hasRecordKinds ? "kind" : kindBeforeKindsSQL
        return try database.fetchAll(
            "SELECT id, account, scene, \(kind), version, payload, error, reason, updated_at, quarantined_at FROM quarantine ORDER BY id"
        ) { row in
            QuarantinedRecord(
                id: row.int64(0), account: row.string(1) ?? "", scene: row.string(2) ?? "", kind: row.string(3) ?? "",
                version: row.isNull(4) ? nil : row.int(4), payload: row.data(5) ?? Data(), error: row.string(6) ?? "",
                reason: QuarantineReason(rawValue: row.string(7) ?? "") ?? .unreadable,
                updatedAt: row.isNull(8) ? nil : row.double(8), quarantinedAt: row.double(9)
            )
        }
    }

    /// Deletes a quarantined record for good.
    package func dropQuarantinedRecord(id: Int64) throws {
        try database.writeTransaction {
            try database.execute("DELETE FROM quarantine WHERE id = ?", [.integer(id)])
            guard database.changes > 0 else { throw StoreError.quarantineEntryNotFound(id: id) }
        }
    }
}
