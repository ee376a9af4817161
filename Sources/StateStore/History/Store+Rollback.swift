extension Store {
    /// Puts history entry `id` of (account, scene, kind) back as its record, in one transaction
    /// (the caller's when one is open), with `secure_delete` on: the record it replaces goes
    /// into the history first (so a rollback can itself be undone), the entry leaves the
    /// history, and the record takes the entry's version, payload and build stamp, saved at
    /// `time` (the configuration's clock when nil). The history keeps as many entries as before.
    ///
    /// The write gate's `rules` are applied: a fenced account's write is refused
    /// (``StoreError/accountSignedOut(account:)``); a rollback replaces the stored record
    /// whatever its version (it was asked for). ``StoreError/historyEntryNotFound(id:)`` when
    /// the entry is not one of this record's.
    package func putBackHistoryEntry(id: Int64, account: String, scene: String, kind: String, at time: Double? = nil, rules: WriteRules) throws {
        guard hasRecordHistory else { throw StoreError.historyEntryNotFound(id: id) }
        let time = time ?? currentTime()
        let key: [SQLiteValue] = [.integer(id), .text(account), .text(scene), .text(kind)]
        try withSecureDelete {
            try commit {
                try checkFence(rules, account: account, scene: scene)
                let exists = try database.fetchOne(
                    "SELECT 1 FROM record_history WHERE id = ?1 AND account = ?2 AND scene = ?3 AND kind = ?4", key
                ) { _ in true }
                guard exists == true else { throw StoreError.historyEntryNotFound(id: id) }
                _ = try keepReplacedRecord(utf8: nil, account: account, scene: scene, kind: kind, replacedAt: time, rules: .unconditional)
                let putBack = try database.cachedStatement(Self.putBackSQL)
                defer { putBack.reset() }
                try putBack.bind([.integer(id), .real(time)])
                _ = try putBack.step()
                // The entry's stamp goes back with it, at the record's new time (or none).
                try database.execute(
                    "DELETE FROM record_build WHERE account = ?1 AND scene = ?2 AND kind = ?3", [.text(account), .text(scene), .text(kind)])
                try database.execute(
                    """
                    INSERT INTO record_build (account, scene, kind, build, updated_at)
                    SELECT account, scene, kind, build, ?2 FROM record_history WHERE id = ?1 AND build IS NOT NULL
                    """,
                    [.integer(id), .real(time)])
                try database.execute("DELETE FROM record_history WHERE id = ?1", [.integer(id)])
            }
        }
    }

    /// The record upsert from a history entry (?1), saved at ?2.
    static let putBackSQL = """
        INSERT INTO scene_state (account, scene, kind, version, min_reader_version, payload, updated_at)
        SELECT account, scene, kind, version, min_reader_version, payload, ?2 FROM record_history WHERE id = ?1
        ON CONFLICT (account, scene, kind) DO UPDATE
        SET version = excluded.version, min_reader_version = excluded.min_reader_version,
            payload = excluded.payload, updated_at = excluded.updated_at
        """

    /// Runs `body` in one write transaction with `secure_delete` on: a rollback of many records
    /// (``putBackHistoryEntry(id:account:scene:kind:at:rules:)`` inside it joins it).
    package func historyTransaction<T>(_ body: () throws -> T) throws -> T {
        try withSecureDelete { try database.writeTransaction(body) }
    }
}
