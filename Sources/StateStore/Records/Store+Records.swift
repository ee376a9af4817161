import Foundation

extension Store {
    /// Saves (inserting or replacing) the record of one scene, in its own transaction unless
    /// one is already open. Returns when the commit has returned.
    ///
    /// With `keepingVersionsAbove: N`, an existing record whose version is above N is kept, and
    /// `StoreError.newerRecordKept` thrown, unless that record declares a `minReaderVersion` at
    /// or below N (it was written to be rewritable by older readers). Nothing a newer release
    /// wrote is replaced by a build that could not read it.
    public func saveRecord(
        _ payload: String, version: Int, account: String, scene: String,
        at time: Double = Store.now(), keepingVersionsAbove newestReadable: Int? = nil
    ) throws {
        let size = payload.utf8.count
        guard size <= Store.maximumRecordBytes else {
            throw StoreError.recordTooLarge(bytes: size, limit: Store.maximumRecordBytes)
        }
        let account = try StoreNames.validated(account, kind: "account")
        let scene = try StoreNames.validated(scene, kind: "scene")
        let upsert = try database.cachedStatement(Self.upsertRecordSQL)
        try upsert.bind([.text(account), .text(scene), .int(version), .text(payload), .real(time), newestReadable.map(SQLiteValue.int) ?? .null])
        let write = { [database] () throws in
            defer { upsert.reset() }
            try upsert.step()
            if database.changes == 0 {
                let kept = try self.record(account: account, scene: scene)?.version ?? 0
                throw StoreError.newerRecordKept(account: account, scene: scene, version: kept)
            }
        }
        // Inside a caller's transaction no savepoint is needed: a refused upsert changed nothing,
        // and a failing statement undoes only itself.
        if database.isInTransaction {
            try write()
        } else {
            try database.writeTransaction(write)
        }
    }

    static let upsertRecordSQL = """
        INSERT INTO scene_state (account, scene, version, payload, updated_at) VALUES (?1, ?2, ?3, ?4, ?5)
        ON CONFLICT (account, scene) DO UPDATE
        SET version = excluded.version, payload = excluded.payload, updated_at = excluded.updated_at
        WHERE ?6 IS NULL OR scene_state.version <= ?6
           OR (json_valid(scene_state.payload) AND json_extract(scene_state.payload, '$.minReaderVersion') <= ?6)
        """

    /// The stored record of one scene, or nil when there is none.
    public func record(account: String, scene: String) throws -> StoredRecord? {
        try database.fetchOne(
            "SELECT version, payload, updated_at FROM scene_state WHERE account = ? AND scene = ?",
            [.text(account), .text(scene)]
        ) { row in
            StoredRecord(account: account, scene: scene, version: row.int(0), payload: row.data(1) ?? Data(), updatedAt: row.double(2))
        }
    }

    /// Every record's location, version, size and time, ordered by account and scene.
    public func recordSummaries() throws -> [StoredRecordSummary] {
        try database.fetchAll(
            "SELECT account, scene, version, length(CAST(payload AS BLOB)), updated_at FROM scene_state ORDER BY account, scene"
        ) { row in
            StoredRecordSummary(account: row.string(0) ?? "", scene: row.string(1) ?? "", version: row.int(2), size: row.int(3), updatedAt: row.double(4))
        }
    }

    /// Calls `body` with every record, one at a time, so memory stays flat however many there are.
    public func forEachRecord(account: String? = nil, _ body: (StoredRecord) throws -> Void) throws {
        let statement = try database.makeStatement(
            account == nil
                ? "SELECT account, scene, version, payload, updated_at FROM scene_state ORDER BY account, scene"
                : "SELECT account, scene, version, payload, updated_at FROM scene_state WHERE account = ? ORDER BY scene"
        )
        try statement.bind(account.map { [.text($0)] } ?? [])
        while try statement.step() {
            try body(
                StoredRecord(
                    account: statement.string(0) ?? "", scene: statement.string(1) ?? "", version: statement.int(2),
                    payload: statement.data(3) ?? Data(), updatedAt: statement.double(4)
                )
            )
        }
    }

    /// Removes one scene's record. Returns whether there was one.
    @discardableResult
    public func deleteRecord(account: String, scene: String) throws -> Bool {
        try database.writeTransaction {
            try database.execute("DELETE FROM scene_state WHERE account = ? AND scene = ?", [.text(account), .text(scene)])
            return database.changes > 0
        }
    }
}
