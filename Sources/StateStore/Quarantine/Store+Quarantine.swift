import Foundation

extension Store {
    /// Moves one scene's record, bytes untouched, to the quarantine in one transaction.
    /// Returns the quarantine id, or nil when the scene has no record.
    @discardableResult
    public func quarantineRecord(account: String, scene: String, reason: QuarantineReason, error: String) throws -> Int64? {
        try database.writeTransaction {
            try database.execute(
                """
                INSERT INTO quarantine (account, scene, version, payload, error, reason, updated_at, quarantined_at)
                SELECT account, scene, version, CAST(payload AS BLOB), ?, ?, updated_at, ?
                FROM scene_state WHERE account = ? AND scene = ?
                """,
                [.text(error), .text(reason.rawValue), .real(Store.now()), .text(account), .text(scene)]
            )
            guard database.changes > 0 else { return nil }
            let id = try database.fetchOne("SELECT last_insert_rowid()") { $0.int64(0) }
            try database.execute("DELETE FROM scene_state WHERE account = ? AND scene = ?", [.text(account), .text(scene)])
            return id
        }
    }

    /// Every quarantined record, oldest first. Empty on a schema without the quarantine table.
    public func quarantinedRecords() throws -> [QuarantinedRecord] {
        guard hasRecoveryTables else { return [] }
        return try database.fetchAll(
            "SELECT id, account, scene, version, payload, error, reason, updated_at, quarantined_at FROM quarantine ORDER BY id"
        ) { row in
            QuarantinedRecord(
                id: row.int64(0), account: row.string(1) ?? "", scene: row.string(2) ?? "",
                version: row.isNull(3) ? nil : row.int(3), payload: row.data(4) ?? Data(), error: row.string(5) ?? "",
                reason: QuarantineReason(rawValue: row.string(6) ?? "") ?? .unreadable,
                updatedAt: row.isNull(7) ? nil : row.double(7), quarantinedAt: row.double(8)
            )
        }
    }

    /// Moves a quarantined record back to its scene, for a build that can read it again or
    /// after a repair. Refuses to overwrite a record saved since, unless `replacing` is true.
    public func restoreQuarantinedRecord(id: Int64, replacing: Bool = false) throws {
        try database.writeTransaction {
            guard let entry = try quarantinedRecords().first(where: { $0.id == id }) else {
                throw StoreError.quarantineEntryNotFound(id: id)
            }
            if !replacing, try record(account: entry.account, scene: entry.scene) != nil {
                throw StoreError.quarantineTargetOccupied(id: id, account: entry.account, scene: entry.scene)
            }
            try database.execute(
                """
                INSERT OR REPLACE INTO scene_state (account, scene, version, payload, updated_at)
                SELECT account, scene, coalesce(version, 1), CAST(payload AS TEXT), coalesce(updated_at, ?) FROM quarantine WHERE id = ?
                """,
                [.real(Store.now()), .integer(id)]
            )
            try database.execute("DELETE FROM quarantine WHERE id = ?", [.integer(id)])
        }
    }

    /// Deletes a quarantined record for good.
    public func dropQuarantinedRecord(id: Int64) throws {
        try database.writeTransaction {
            try database.execute("DELETE FROM quarantine WHERE id = ?", [.integer(id)])
            guard database.changes > 0 else { throw StoreError.quarantineEntryNotFound(id: id) }
        }
    }
}
