import StateStore

extension StateRestorer {
    /// Deletes every scene neither saved nor restored for `age` (all its kinds' records, its
    /// crash-loop marks, its use time), in one transaction, for an app whose windows come and go
    /// (every new iPad or Mac window is a new scene). A scene this process restored or saved
    /// (through any restorer of the file), or that is live in it, is in use whatever the age
    /// of its record, and is never removed here (a closed restorer's calls note no use: it has
    /// no file any more). A restore notes its scene's use with the restorer's next write (or the flush
    /// at suspension or close), never with a commit of its own; the use is kept to the day.
    ///
    /// - Parameters:
    ///   - age: how long a scene must have gone neither saved nor restored.
    ///   - dryRun: list the scenes without deleting anything.
    /// - Returns: the scenes removed (or that would be), by account and scene.
    /// - Throws: `StoreError.sqlite` (`SQLITE_CANTOPEN`, naming the file) when the `<db>-live` file beside the database is there but cannot be read (a link, never followed, or a file this process may not open): which scenes another process has on screen cannot be told, so nothing changes.
    @discardableResult
    public func removeScenes(unusedFor age: Duration, dryRun: Bool = false) throws -> [SceneKey] {
        if !readsOnly { for screen in persistence.liveScreens() { persistence.writer.noteUse(of: screen.scene) } }
        // What is pending goes first; suspended or closed, the removal says why it cannot run.
        _ = try persistence.writer.writePending(includingUses: true)
        let cutoff = configuration.clock() - age.inSeconds
        let inUse = ScenesInUse.scenes(at: file).map { (account: $0.account, scene: $0.scene) }
        let unused = try recoveringFromDamage(writing: !dryRun) { store in try store.removeScenes(unusedSince: cutoff, dryRun: dryRun, sparing: inUse) }
        // Names an older build stored (which today's rules may refuse for new keys) are still
        // forgotten here.
        let removed = unused.compactMap { try? SceneKey(storedScene: $0.scene, account: $0.account) }
        guard !dryRun, !removed.isEmpty else { return removed }
        let gone = Set(removed)
        persistence.writer.dropPending { gone.contains($0) }
        for other in OpenRestorers.restorers(sharingFileWith: file) where other !== self { other.persistence.writer.dropPendingDeletedElsewhere { gone.contains($0) } }
        restoring.withLock { Self.forgetScreens(&$0) { gone.contains($0.scene) } }
        return removed
    }
}
