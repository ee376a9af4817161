import Foundation

extension Store {
    /// Saves (inserting or replacing) the record of one (account, scene, kind), in its own
    /// transaction unless one is already open. Returns when the commit has returned.
    ///
    /// The store does not read the payload: `version` and `minReaderVersion` are what the
    /// caller's format declares. This is the storage primitive: it replaces whatever is stored.
    /// An app saves through `StateRestorer`, whose write gate decides what a save may replace.
    public func saveRecord(
        _ payload: String, version: Int, minReaderVersion: Int? = nil,
        account: String, scene: String, kind: String, at time: Double? = nil
    ) throws {
        try saveRecord(payload, version: version, minReaderVersion: minReaderVersion, account: account, scene: scene, kind: kind, at: time, rules: .unconditional)
    }

    /// Saves the record of one (account, scene, kind) under the write gate's `rules`, applied
    /// inside the write transaction: with `keepingVersionsAbove: N`, an existing record whose
    /// version is above N is kept (`StoreError.newerRecordKept`) unless it declared a
    /// `minReaderVersion` at or below N, and with `keepingNewerEvenIfReadable` even then; with
    /// `onlyIfAbsent`, any existing record is kept (`StoreError.existingRecordKept`); with
    /// `fencedAt`, a save after a purge that advanced the account's generation is refused
    /// (`StoreError.accountSignedOut`).
    package func saveRecord(
        _ payload: String, version: Int, minReaderVersion: Int? = nil,
        account: String, scene: String, kind: String, at time: Double? = nil, rules: WriteRules
    ) throws {
        let size = payload.utf8.count
        guard size <= Store.maximumRecordBytes else {
            throw StoreError.recordTooLarge(bytes: size, limit: Store.maximumRecordBytes)
        }
        let account = try StoreNames.validated(account, role: "account")
        let scene = try StoreNames.validated(scene, role: "scene")
        let kind = try StoreNames.validatedKind(kind)
        let time = time ?? currentTime()
        var payload = payload
        try payload.withUTF8 { bytes in
            try writeRecord(utf8: bytes, version: version, minReaderVersion: minReaderVersion, account: account, scene: scene, kind: kind, at: time, rules: rules)
        }
    }

    /// Writes one record's bytes under `rules`, in its own transaction unless one is open: the
    /// one function every record write ends in (a save, a quarantine restore). Names and size
    /// are the caller's to check.
    func writeRecord(
        utf8 bytes: UnsafeBufferPointer<UInt8>, version: Int, minReaderVersion: Int?,
        account: String, scene: String, kind: String, at time: Double, rules: WriteRules
    ) throws {
        let upsert = try database.cachedStatement(Self.upsertRecordSQL)
        // One value at a time (the array `bind(_:)` takes was a heap allocation per save),
        // the payload in place: SQLite reads it where the caller holds it, and the reset
        // that ends the write unbinds it before it goes away.
        upsert.clearBindings()
        defer { upsert.reset() }
        try upsert.bind(.text(account), at: 1)
        try upsert.bind(.text(scene), at: 2)
        try upsert.bind(.text(kind), at: 3)
        try upsert.bind(.int(version), at: 4)
        try upsert.bind(minReaderVersion.map(SQLiteValue.int) ?? .null, at: 5)
        try upsert.bind(borrowingText: bytes, at: 6)
        try upsert.bind(.real(time), at: 7)
        try upsert.bind(rules.keepingVersionsAbove.map(SQLiteValue.int) ?? .null, at: 8)
        try upsert.bind(rules.keepingNewerEvenIfReadable ? .int(1) : .null, at: 9)
        try upsert.bind(rules.onlyIfAbsent ? .int(1) : .null, at: 10)
        var versionWritten: UInt32?
        let isOwnTransaction = !database.isInTransaction
        // A kind without history and a configuration without a build cost no statement more.
        let keepsHistory = rules.historyDepth > 0 && hasRecordHistory
        let build = hasRecordHistory ? stampedBuild : nil
        let write = { [database] () throws in
            defer { upsert.reset() }
            try self.checkFence(rules, account: account, scene: scene)
            let kept = try keepsHistory && self.keepReplacedRecord(utf8: bytes, account: account, scene: scene, kind: kind, replacedAt: time, rules: rules)
            if keepsHistory, !kept, let lifetime = rules.recordLifetime {
                try self.dropHistoryOfExpiredRecord(account: account, scene: scene, kind: kind, expiredBefore: time - lifetime, rules: rules)
            }
            try self.keepFenceCache { try upsert.step() }
            versionWritten = database.dataVersion()
            if database.changes == 0 {
                if rules.onlyIfAbsent { throw StoreError.existingRecordKept(account: account, scene: scene, kind: kind) }
                let kept = try self.record(account: account, scene: scene, kind: kind)?.version ?? 0
                throw StoreError.newerRecordKept(account: account, scene: scene, kind: kind, version: kept)
            }
            if let build { try self.stamp(build, account: account, scene: scene, kind: kind, at: time) }
            if kept { try self.trimHistory(account: account, scene: scene, kind: kind, keeping: rules.historyDepth) }
        }
        // A kind that keeps history writes with `secure_delete` on: the record it replaces
        // leaves no bytes but its history row, and a trimmed entry none at all. (No closure
        // around the write: one that captured it cost every save a heap box.)
        let turnedOnSecureDelete = try keepsHistory && turnOnSecureDelete()
        defer { if turnedOnSecureDelete { turnOffSecureDelete() } }
        // Inside a caller's transaction no savepoint is needed: a refused upsert changed
        // nothing, and a failing statement undoes only itself.
        if !isOwnTransaction {
            try write()
        } else {
            try database.writeTransaction(write)
            // The commit was this store's own: the generations it read before still hold.
            if let versionWritten, var cache = fenceCache, cache.dataVersion == versionWritten {
                cache.dataVersion = database.dataVersion()
                fenceCache = cache
            }
        }
    }

    /// Runs `write` in its own write transaction, or in the caller's when one is open.
    func commit(_ write: () throws -> Void) throws {
        if database.isInTransaction {
            try write()
        } else {
            try database.writeTransaction(write)
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
        let statement = try database.cachedStatement(
            hasRecordKinds
                ? Self.recordSQL
                : "SELECT version, NULL, payload, updated_at FROM scene_state WHERE account = ?1 AND scene = ?2 AND ?3 = '\(Self.legacyKind)'"
        )
        try statement.bind([.text(account), .text(scene), .text(kind)])
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return StoredRecord(
            account: account, scene: scene, kind: kind, version: statement.int(0),
            minReaderVersion: statement.isNull(1) ? nil : statement.int(1),
            payload: statement.data(2) ?? Data(), updatedAt: statement.double(3)
        )
    }

    /// Calls `body` with every record, one at a time, ordered by account, scene and kind, so
    /// memory stays flat however many there are.
    package func forEachRecord(account: String? = nil, _ body: (StoredRecord) throws -> Void) throws {
        let columns =
            hasRecordKinds
            ? "account, scene, kind, version, min_reader_version, payload, updated_at"
            : "account, scene, '\(Self.legacyKind)', version, NULL, payload, updated_at"
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
    /// schema is a catalog record.
    var hasRecordKinds: Bool { schemaVersion >= 4 }

    /// The kind every record had before records had kinds (schema 3 and older).
    static let legacyKind = "catalog"
}

extension Store {
    /// Every record's location, kind, version, size and time, ordered by account, scene and kind.
    package func recordSummaries() throws -> [StoredRecordSummary] {
        let kind = hasRecordKinds ? "kind" : "'\(Self.legacyKind)'"
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
