import Foundation

extension Store {
    /// How many discarded scenes keep a fence: each discard (or prune) of a scene fences it,
    /// and a fence lives until this many newer scenes have been discarded after it. A save
    /// captured before a discard whose fence has gone is checked against the newer fences only.
    package static let discardFencesKept = 1_000

    /// The `store_meta` key of the file's discard epoch: how many discards and prunes that
    /// deleted scenes it has seen (0 before the first).
    static let discardEpochKey = "discard_epoch"

    /// The prefix of a scene's discard fence in `store_meta`, and the end of the range of keys
    /// that hold them (the next character after `:`).
    private static let discardFencePrefix = "scene_discarded:"
    private static let discardFenceRangeEnd = "scene_discarded;"

    /// The file's discard epoch, which a restore captures with the record: a save of a scene
    /// whose fence is newer than the epoch its restore captured was captured before the scene
    /// was discarded, and is refused (``StoreError/sceneDiscarded(account:scene:)``), in any
    /// process on the file. Cached per data version with the sign-out generations.
    package func discardEpoch() throws -> Int {
        guard hasRecoveryTables else { return 0 }
        guard database.isInTransaction else { return try database.readTransaction { try storedDiscardEpoch() } }
        return try discardEpoch(atDataVersion: database.dataVersion())
    }

    /// ``discardEpoch()`` inside a transaction whose data version is `version`.
    func discardEpoch(atDataVersion version: UInt32) throws -> Int {
        guard hasRecoveryTables else { return 0 }
        if let cache = fenceCache, cache.dataVersion == version, let epoch = cache.discardEpoch { return epoch }
        let epoch = try storedDiscardEpoch()
        var cache = try fenceCache.flatMap { $0.dataVersion == version ? $0 : nil } ?? AccountGenerationCache(dataVersion: version, fenceKey: fenceKey())
        cache.discardEpoch = epoch
        fenceCache = cache
        return epoch
    }

    func storedDiscardEpoch() throws -> Int {
        try database.fetchOne("SELECT value FROM store_meta WHERE key = ?", [.text(Self.discardEpochKey)]) { $0.int(0) } ?? 0
    }

    /// Fences the scenes (a nil account: the scene in every account) at a new discard epoch,
    /// inside the caller's write transaction, and drops the older fences beyond the newest
    /// ``discardFencesKept`` (this discard's own always stay).
    func fenceDiscardedScenes(_ scenes: [(account: String?, scene: String)]) throws {
        guard hasRecoveryTables, !scenes.isEmpty else { return }
        fenceCache = nil
        let key = try makeFenceKey()
        let epoch = try storedDiscardEpoch() + 1
        try database.execute("INSERT OR REPLACE INTO store_meta (key, value) VALUES (?, ?)", [.text(Self.discardEpochKey), .int(epoch)])
        for (account, scene) in scenes {
            try database.execute(
                "INSERT OR REPLACE INTO store_meta (key, value) VALUES (?, ?)", [.text(Self.discardFenceKey(account: account, scene: scene, fenceKey: key)), .int(epoch)])
        }
        // The fences of this discard all stay, however many: a fence goes only once as many
        // newer ones were made, and one discard of more scenes than are kept dropped some of
        // its own, which unfenced those scenes at once.
        try database.execute(
            """
            DELETE FROM store_meta WHERE key IN (
                SELECT key FROM store_meta WHERE key >= ?1 AND key < ?2 AND value < ?4 ORDER BY value DESC, key LIMIT -1 OFFSET max(?3 - ?5, 0))
            """, [.text(Self.discardFencePrefix), .text(Self.discardFenceRangeEnd), .int(Self.discardFencesKept), .int(epoch), .int(scenes.count)])
    }

    /// Refuses a save of (`account`, `scene`) captured at a discard epoch older than the
    /// scene's fence (``StoreError/sceneDiscarded(account:scene:)``); inside the write
    /// transaction, whose data version is `version`. Costs no statement while no discard
    /// happened since the capture.
    func checkDiscardFence(_ rules: WriteRules, account: String, scene: String, atDataVersion version: UInt32) throws {
        guard let captured = rules.discardFencedAt, try discardEpoch(atDataVersion: version) > captured, let key = try fenceKey() else { return }
        let fence =
            try database.fetchOne(
                "SELECT max(value) FROM store_meta WHERE key IN (?, ?)",
                [.text(Self.discardFenceKey(account: account, scene: scene, fenceKey: key)), .text(Self.discardFenceKey(account: nil, scene: scene, fenceKey: key))]
            ) { $0.isNull(0) ? nil : $0.int(0) } ?? nil
        if let fence, fence > captured { throw StoreError.sceneDiscarded(account: account, scene: scene) }
    }

    /// How many discard fences the file holds (for the bound's test and `check`).
    package func discardFenceCount() throws -> Int {
        guard hasRecoveryTables else { return 0 }
        return try database.fetchOne(
            "SELECT count(*) FROM store_meta WHERE key >= ? AND key < ?", [.text(Self.discardFencePrefix), .text(Self.discardFenceRangeEnd)]
        ) { $0.int(0) } ?? 0
    }

    /// The `store_meta` key of a scene's fence, under a keyed hash (no row names the scene):
    /// of (account, scene), or of the scene alone for a discard in every account.
    private static func discardFenceKey(account: String?, scene: String, fenceKey: Int64) -> String {
        hashedKey(discardFencePrefix, account.map { [$0, scene] } ?? [scene], fenceKey: fenceKey)
    }
}
