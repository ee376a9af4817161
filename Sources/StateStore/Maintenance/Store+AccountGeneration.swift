import Foundation
import MigrationHeader

extension Store {
    /// An account's sign-out generation: 0 until its first purge, one more at each purge. A
    /// restore captures it; a save that captured an older one than the stored one is refused
    /// (``StoreError/accountSignedOut(account:)``), in any process on the file, so nothing a
    /// screen of the signed-out account held is written back.
    ///
    /// Stored in `store_meta` under a keyed hash of the account name (a random key of this
    /// database, made at its first purge), so no row names a signed-out account.
    ///
    /// Read once per change of the file: while its data version is what it was at the last read
    /// (or at this store's own last write), the generations read then still hold.
    ///
    /// The data version SQLite reports is the one of this connection's latest transaction, so
    /// the cache is asked only inside a transaction (after its first read, or under the write
    /// lock); outside one the generation is read afresh in a snapshot of its own. A screen's
    /// first save after another process's purge otherwise captured the generation from before
    /// it, and every later save of the screen was refused as signed out (model sequence
    /// `Fixtures/sequences/first-save-after-a-purge-elsewhere-captures-the-new-generation.txt`).
    package func accountGeneration(_ account: String) throws -> Int {
        guard database.isInTransaction else {
            return try database.readTransaction { try fenceKey().map { try storedGeneration(account, fenceKey: $0) } ?? 0 }
        }
        return try accountGeneration(account, atDataVersion: database.dataVersion())
    }

    /// ``accountGeneration(_:)`` inside a transaction whose data version is `version`.
    func accountGeneration(_ account: String, atDataVersion version: UInt32) throws -> Int {
        if let cache = fenceCache, cache.dataVersion == version {
            if cache.fenceKey == nil { return 0 }
            if let generation = cache.generation(of: account) { return generation }
        }
        let key = try fenceKey()
        let generation = try key.map { try storedGeneration(account, fenceKey: $0) } ?? 0
        var cache = fenceCache.flatMap { $0.dataVersion == version && $0.fenceKey == key ? $0 : nil } ?? AccountGenerationCache(dataVersion: version, fenceKey: key)
        cache.note(generation, of: account)
        fenceCache = cache
        return generation
    }

    /// `account`'s generation and the discard epoch, inside a transaction whose data version is
    /// `version`: from the cache while it holds for `version` (nothing was written since they
    /// were read: many scenes restored in a row read no `store_meta` row), otherwise read with
    /// one read of the fence key for both, and cached.
    func fences(of account: String, atDataVersion version: UInt32) throws -> (generation: Int, discardEpoch: Int) {
        guard hasRecoveryTables else { return (0, 0) }
        if let cache = fenceCache, cache.dataVersion == version, let epoch = cache.discardEpoch,
            let generation = cache.fenceKey == nil ? 0 : cache.generation(of: account)
        {
            return (generation, epoch)
        }
        let key = try fenceKey()
        let epoch = try storedDiscardEpoch()
        let generation = try key.map { try storedGeneration(account, fenceKey: $0) } ?? 0
        var cache = fenceCache.flatMap { $0.dataVersion == version && $0.fenceKey == key ? $0 : nil } ?? AccountGenerationCache(dataVersion: version, fenceKey: key)
        cache.note(generation, of: account)
        cache.discardEpoch = epoch
        fenceCache = cache
        return (generation, epoch)
    }

    /// `account`'s generation as stored under the database's `fenceKey`: 0 before its first purge.
    private func storedGeneration(_ account: String, fenceKey: Int64) throws -> Int {
        try database.fetchOne("SELECT value FROM store_meta WHERE key = ?", [.text(Self.generationKey(account, fenceKey: fenceKey))]) { $0.int(0) } ?? 0
    }

    /// Keeps the cache valid across this store's own commit of a write (a record's upsert)
    /// that began at data version `began` and left it at `committed`: the write changed
    /// nothing the cache holds, so the cache answers for `committed` if it held for `began`.
    func keepFenceCache(acrossCommitFrom began: UInt32, to committed: UInt32) {
        if var cache = fenceCache, cache.dataVersion == began {
            cache.dataVersion = committed
            fenceCache = cache
        }
    }

    /// Advances `account`'s generation; inside the caller's write transaction.
    func advanceAccountGeneration(_ account: String) throws -> Int {
        fenceCache = nil
        let key = try makeFenceKey()
        let next = try storedGeneration(account, fenceKey: key) + 1
        try database.execute("INSERT OR REPLACE INTO store_meta (key, value) VALUES (?, ?)", [.text(Self.generationKey(account, fenceKey: key)), .int(next)])
        return next
    }

    static let fenceKeyName = "account_fence_key"

    /// The database's random key for the hashed names in `store_meta`; nil before the first
    /// row that needs one.
    func fenceKey() throws -> Int64? {
        guard hasRecoveryTables else { return nil }
        return try database.fetchOne("SELECT value FROM store_meta WHERE key = ?", [.text(Self.fenceKeyName)]) { $0.int64(0) }
    }

    /// The database's random key, made now if it has none (inside a write transaction).
    func makeFenceKey() throws -> Int64 {
        if let existing = try fenceKey() { return existing }
        let key = Int64.random(in: .min ... .max)
        try database.execute("INSERT INTO store_meta (key, value) VALUES (?, ?)", [.text(Self.fenceKeyName), .integer(key)])
        return key
    }

    /// The `store_meta` key of `account`'s generation: a SHA-256 of the database's key and the
    /// name, so the row says nothing of the account to anyone without the file's key.
    private static func generationKey(_ account: String, fenceKey: Int64) -> String {
        hashedKey("account_generation:", [account], fenceKey: fenceKey)
    }

    /// `prefix` and a keyed SHA-256 of `parts` (each ended by a zero byte).
    static func hashedKey(_ prefix: String, _ parts: [String], fenceKey: Int64) -> String {
        var bytes = withUnsafeBytes(of: fenceKey.bigEndian) { Array($0) }
        for part in parts { bytes += Array(part.utf8) + [0] }
        return prefix + SHA256.hexDigest(of: bytes).prefix(32)
    }
}

extension Store {
    /// The stored record of one (account, scene, kind) and the account's sign-out generation,
    /// read in one snapshot: a purge in another process lands before both or after both, so a
    /// restore never pairs a purged account's record with the generation after its purge. The
    /// record is read first: it starts the read transaction, so the data version the
    /// generation's cache is checked against is this snapshot's.
    package func recordAndGeneration(account: String, scene: String, kind: String) throws -> FencedRecord {
        if !database.isInTransaction, hasRecordKinds, hasRecoveryTables {
            return try launchRead(account: account, scene: scene, kind: kind)
        }
        return try readRecordAndFences(account: account, scene: scene, kind: kind)
    }

    /// The record and its account's fences in one read transaction (the record read first, so
    /// the fences are checked against this snapshot's data version).
    private func readRecordAndFences(account: String, scene: String, kind: String) throws -> FencedRecord {
        try database.readTransaction {
            let record = try record(account: account, scene: scene, kind: kind)
            let fences = try fences(of: account, atDataVersion: database.dataVersion())
            return FencedRecord(record: record, generation: fences.generation, discardEpoch: fences.discardEpoch)
        }
    }

    /// The record, the account's generation and the discard epoch of a schema with kinds, in
    /// one snapshot without `BEGIN` and `ROLLBACK`: the record's statement, held at its row,
    /// keeps the read transaction it began open for the reads of `store_meta` after it, one
    /// statement for them all (a scene without a record is read as before, in a transaction). A launch's read was four statements to prepare on its new connection, two
    /// now. What it read is cached for the snapshot's data version, as
    /// ``accountGeneration(_:)`` and ``discardEpoch()`` cache it.
    private func launchRead(account: String, scene: String, kind: String) throws -> FencedRecord {
        let statement = try database.cachedStatement(Self.recordSQL)
        // The account and kind repeat from one restore to the next: not copied into SQLite again.
        try statement.bindUnlessBound(account, at: 1)
        try statement.bindUnlessBound(scene, at: 2)
        try statement.bindUnlessBound(kind, at: 3)
        defer { statement.reset() }
        let stored: StoredRecord?
        if try statement.step() {
            stored = Self.storedRecord(at: statement, account: account, scene: scene, kind: kind)
        } else {
            // No row: the statement ended the read transaction it began, so the record is
            // read again with the rest in one (a scene without a record pairs its absence with
            // the generation of the same snapshot too).
            statement.reset()
            return try readRecordAndFences(account: account, scene: scene, kind: kind)
        }
        // The statement, held at its row, keeps the snapshot open: its data version is the one
        // the fences are read or cached at.
        let fences = try fences(of: account, atDataVersion: database.dataVersion())
        return FencedRecord(record: stored, generation: fences.generation, discardEpoch: fences.discardEpoch)
    }
}
