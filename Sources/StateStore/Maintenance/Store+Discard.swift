extension Store {
    /// Deletes every kind's record of each scene, and the database's crash-loop marks of them,
    /// in one transaction; a nil account means the scene in every account (an app that knows
    /// only a discarded scene's identifier). Each scene is fenced in the same transaction: a
    /// save of it captured before the discard is refused, in any process
    /// (the file's discard epoch). Returns how many records went.
    package func discardScenes(_ scenes: [(account: String?, scene: String)]) throws -> Int {
        try database.writeTransaction {
            try fenceDiscardedScenes(scenes)
            var removed = 0
            for (account, scene) in scenes {
                let values: [SQLiteValue] = [.text(scene), account.map(SQLiteValue.text) ?? .null]
                // Their use times go too (the accounts holding the scene, when none is named).
                let accounts =
                    try account.map { [$0] }
                    ?? database.fetchAll("SELECT DISTINCT account FROM scene_state WHERE scene = ?", [.text(scene)]) { $0.string(0) ?? "" }
                try forgetSceneUse(accounts.map { (account: $0, scene: scene) })
                try database.execute("DELETE FROM scene_state WHERE scene = ?1 AND (?2 IS NULL OR account = ?2)", values)
                removed += database.changes
                if hasRecoveryTables {
                    try database.execute("DELETE FROM restore_mark WHERE scene = ?1 AND (?2 IS NULL OR account = ?2)", values)
                }
            }
            return removed
        }
    }
}
