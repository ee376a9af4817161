import StateStore

extension StateRestorer {
    /// Forgets `scenes`: every kind's record of each, its crash-loop marks and its pending
    /// saves, the records in one transaction. A scene whose screen is still live in this
    /// process is refused (``RestoreError/sceneIsLive(scene:)``) and then nothing named is
    /// discarded. The rule, the same for ``rollBack(kind:writtenBy:account:)``: a screen is
    /// live, in any restorer of the file not closed, from its restore until that restore is
    /// completed (`persist`, ``completeRestore(_:)``) and its tracking has ended (cancelled,
    /// or its model released). A screen never restored, or restored from no record, is not.
    ///
    /// Call it from `application(_:didDiscardSceneSessions:)` (UIKit) or when a window closes
    /// for good, with the scene ids the app gave its windows (see <doc:AnAppsLifetime>, "Scenes
    /// and their ids").
    ///
    /// - Returns: how many records were deleted.
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
        let named = { (key: SceneKey) in targets.contains { $0.scene == key.scene && ($0.account == nil || $0.account == key.account) } }
        // Any restorer of this process on the file that is not closed (this one among them
        // unless closed): a screen is live whichever restorer tracks it.
        let live = OpenRestorers.restorers(at: path).lazy.flatMap { $0.liveScreens() }
        if let live = live.first(where: { named($0.scene) }) {
            throw RestoreError.sceneIsLive(scene: live.scene.description)
        }
        let removed = try recoveringFromDamage { store in try store.discardScenes(targets) }
        persistence.writer.dropPending(where: named)
        ScenesInUse.forget(at: path, where: named)
        restoring.withLock { Self.forgetScreens(&$0) { named($0.scene) } }
        return removed
    }
}
