import Foundation

extension Store {
    /// Notes that the scenes were used (restored) at `time`, for ``removeScenes(unusedSince:dryRun:sparing:)``;
    /// in the caller's write transaction, or its own. Kept in `store_meta` under a keyed hash of
    /// (account, scene), so no row names them; a save counts as a use by itself (`updated_at`).
    package func noteScenesUsed(_ scenes: [(account: String, scene: String)], at time: Double? = nil) throws {
        guard hasRecoveryTables, !scenes.isEmpty else { return }
        let time = time ?? currentTime()
        try database.writeTransaction {
            let key = try makeFenceKey()
            for (account, scene) in scenes {
                try database.execute(
                    "INSERT OR REPLACE INTO store_meta (key, value) VALUES (?, ?)", [.text(Self.hashedKey("scene_used:", [account, scene], fenceKey: key)), .int(Int(time))])
            }
        }
    }

    /// Deletes every scene (all its kinds' records, its restore marks, its use time) neither
    /// saved nor restored since `cutoff` (seconds since 1970), in one transaction; with
    /// `dryRun`, deletes nothing. Returns the scenes, by account and scene. Kept whatever their
    /// age: the scenes `inUse` names (a restorer's scenes that its process restored or saved), and
    /// those another process has on screen (`LiveScenesFile`): their windows are open.
    package func removeScenes(
        unusedSince cutoff: Double, dryRun: Bool = false, sparing inUse: [(account: String, scene: String)] = []
    ) throws -> [(account: String, scene: String)] {
        // By the names' bytes: a set of Swift strings calls two spellings of one name (`café`
        // composed and decomposed) one, and spared the other account's scene of that name.
        let named = { (account: String, scene: String) in [ExactText(account), ExactText(scene)] }
        let spared = Set(inUse.map { named($0.account, $0.scene) })
        // A dry run only reads: no write transaction is begun for it (a reading restorer's
        // connection must never attempt one).
        func removing() throws -> [(account: String, scene: String)] {
            // A file of no schema yet (an empty file, read as it is) holds no scene.
            guard hasRecords else { return [] }
            let scenes = try database.fetchAll("SELECT account, scene, max(updated_at) FROM scene_state GROUP BY account, scene ORDER BY account, scene") {
                (account: $0.string(0) ?? "", scene: $0.string(1) ?? "", savedAt: $0.double(2))
            }
            let key = try fenceKey()
            var unused: [(account: String, scene: String)] = []
            for scene in scenes {
                var lastUsed = scene.savedAt
                if let key {
                    let name = Self.hashedKey("scene_used:", [scene.account, scene.scene], fenceKey: key)
                    lastUsed = max(lastUsed, try database.fetchOne("SELECT value FROM store_meta WHERE key = ?", [.text(name)]) { $0.double(0) } ?? 0)
                }
                if lastUsed < cutoff && !spared.contains(named(scene.account, scene.scene)) { unused.append((scene.account, scene.scene)) }
            }
            let live = try LiveScenesFile.scenesLive(elsewhere: unused.map { (account: Optional($0.account), scene: $0.scene) }, beside: path)
            if !live.isEmpty { unused.removeAll { scene in live.contains { ($0.account?.hasSameBytes(as: scene.account) ?? true) && $0.scene.hasSameBytes(as: scene.scene) } } }
            guard !dryRun, !unused.isEmpty else { return unused }
            _ = try discardScenes(unused.map { (account: Optional($0.account), scene: $0.scene) })
            return unused
        }
        return try dryRun ? database.readTransaction(removing) : database.writeTransaction(removing)
    }

    /// Removes the use times of the scenes (discarded, purged).
    func forgetSceneUse(_ scenes: [(account: String, scene: String)]) throws {
        guard let key = try fenceKey() else { return }
        for (account, scene) in scenes {
            try database.execute("DELETE FROM store_meta WHERE key = ?", [.text(Self.hashedKey("scene_used:", [account, scene], fenceKey: key))])
        }
    }
}
