import StateStore

extension StateRestorer {
    /// Forgets `scenes`: every kind's record of each, its crash-loop marks and its pending
    /// saves, the records in one transaction. A scene whose screen is still live in this
    /// process, or in another process on the file, is refused
    /// (``RestoreError/sceneIsLive(scene:)``) and then nothing named is discarded. The rule, the
    /// same for ``rollBack(kind:writtenBy:account:)``: in this process a screen is live, in any
    /// restorer of the file not closed, from its restore until that restore is completed
    /// (`persist`, ``completeRestore(_:)``) and its tracking has ended (cancelled, or its model
    /// released); a screen never restored, or restored from no record, is not. In another
    /// process a screen is live while its tracking is, in a restorer neither suspended nor
    /// closed: each process publishes those in the `<db>-live` file beside the database, under
    /// locks a killed process cannot leave behind.
    ///
    /// The discard fences each scene like a sign-out fences an account: a save of it captured
    /// before the discard (by a restore, or a first save) is refused in every restorer and
    /// every process on the file, a persisted one dropped and listed in ``unwrittenSaves`` as
    /// ``UnwrittenSave/Reason/sceneDiscarded``, a hand save thrown
    /// (`StoreError.sceneDiscarded`); a restore after the discard captures
    /// the new fence and saves again. The other restorers of the file in this process drop
    /// their pending saves of the scenes at once. A fence lives until
    /// 1,000 newer scenes have been discarded (`store_meta` keeps the newest 1,000, under keyed
    /// hashes that name no scene).
    ///
    /// Call it from `application(_:didDiscardSceneSessions:)` (UIKit) or when a window closes
    /// for good, with the scene ids the app gave its windows (see <doc:AnAppsLifetime>, "Scenes
    /// and their ids").
    ///
    /// - Returns: how many records were deleted.
    /// - Throws: ``RestoreError/sceneIsLive(scene:)`` as above, or `StoreError.sqlite` (`SQLITE_CANTOPEN`, naming the file) when the `<db>-live` file beside the database is there but cannot be read (a link, never followed, or a file this process may not open): which scenes another process has on screen cannot be told, so nothing changes.
    @discardableResult
    public func discard(_ scenes: [SceneKey]) throws -> Int {
        try discard(scenes.map { (account: Optional($0.account), scene: $0.scene) })
    }

    /// Forgets the scenes with these ids in every account: what an app knows of a discarded
    /// scene session is its identifier alone. Otherwise as ``discard(_:)``.
    @discardableResult
    public func discard(sceneIDs: [String]) throws -> Int {
        try discard(sceneIDs.map { (account: String?.none, scene: $0) })
    }

    private func discard(_ targets: [(account: String?, scene: String)]) throws -> Int {
        // A closed restorer discards nothing, and says so first: its file may have been moved
        // aside and replaced since, so the restorers it would ask about live scenes are another
        // file's (model sequence
        // Fixtures/sequences/a-closed-restorers-discard-is-refused-as-closed.txt, found by a fresh soak seed).
        guard !isClosed else { throw RestoreError.databaseUnusable("the restorer was closed (close()); nothing was discarded") }
        let named = { @Sendable (key: SceneKey) in targets.contains { $0.scene.hasSameBytes(as: key.scene) && ($0.account?.hasSameBytes(as: key.account) ?? true) } }
        // Any restorer of this process on the file that is not closed (this one among them
        // unless closed): a screen is live whichever restorer tracks it.
        let live = OpenRestorers.restorers(sharingFileWith: file).lazy.flatMap { $0.liveScreens() }
        if let live = live.first(where: { named($0.scene) }) {
            throw RestoreError.sceneIsLive(scene: live.scene.description)
        }
        // On screen in another process (an extension, the app): refused the same way.
        if let elsewhere = try LiveScenesFile.scenesLive(elsewhere: targets, beside: path).first {
            throw RestoreError.sceneIsLive(scene: elsewhere.account.flatMap { try? SceneKey(scene: elsewhere.scene, account: $0).description } ?? elsewhere.scene)
        }
        let removed = try recoveringFromDamage { store in try store.discardScenes(targets) }
        persistence.writer.dropPending(where: named)
        // Every other restorer of the file in this process drops what it still holds for them
        // (the discard's fence refuses it in other processes).
        for other in OpenRestorers.restorers(sharingFileWith: file) where other !== self { other.persistence.writer.dropPendingDeletedElsewhere(where: named) }
        ScenesInUse.forget(at: file, where: named)
        restoring.withLock { Self.forgetScreens(&$0) { named($0.scene) } }
        return removed
    }
}
