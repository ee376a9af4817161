import StateStore

extension StateRestorer {
    /// Deletes every scene neither saved nor restored for `age` (all its kinds' records, its
    /// crash-loop marks, its use time), in one transaction, for an app whose windows come and go
    /// (every new iPad or Mac window is a new scene). Scenes live in this process count as
    /// used now. A restore notes its scene's use with the restorer's next write (or the flush
    /// at suspension or close), never with a commit of its own; the use is kept to the day.
    ///
    /// - Parameters:
    ///   - age: how long a scene must have gone neither saved nor restored.
    ///   - dryRun: list the scenes without deleting anything.
    /// - Returns: the scenes removed (or that would be), by account and scene.
    @discardableResult
    public func removeScenes(unusedFor age: Duration, dryRun: Bool = false) throws -> [SceneKey] {
        for screen in persistence.liveScreens() { persistence.writer.noteUse(of: screen.scene) }
        try persistence.writer.flush()
        let cutoff = Store.now() - Self.seconds(age)
        let unused = try recoveringFromDamage { store in try store.removeScenes(unusedSince: cutoff, dryRun: dryRun) }
        let removed = unused.compactMap { try? SceneKey(scene: $0.scene, account: $0.account) }
        guard !dryRun, !removed.isEmpty else { return removed }
        let gone = Set(removed)
        persistence.writer.dropPending { gone.contains($0) }
        restoring.withLock { Self.forgetScreens(&$0) { gone.contains($0.scene) } }
        return removed
    }
}
