import StateStore

extension StateRestorer {
    /// Puts back, for every scene whose record of `kind` was written by `build` (its
    /// `DatabaseConfiguration.appBuild`), the newest earlier record of its history
    /// that `build` did not write, all in one transaction: for a release that wrote bad state
    /// into many scenes. The next restore of each returns the earlier state.
    ///
    /// ```swift
    /// let result = try restorer.rollBack(kind: ReaderState.self, writtenBy: "1.4.2 (812)")
    /// ```
    ///
    /// Each write goes through the write gate: a screen live in this process is refused (the
    /// rule ``discard(_:)`` states: restored and not yet completed by `persist` or
    /// ``completeRestore(_:)``, or persisted and still tracked), and so is one another process
    /// publishes as on screen (its `<db>-live` slot), so is one with a save waiting
    /// to be written, and a screen
    /// this restorer restored before its account was signed out. The record replaced goes into
    /// the history, so a rollback can itself be undone. Only kinds that keep history
    /// (``RestorableState/historyDepth``) have earlier records; the rolled-back record is saved
    /// now (its time is the rollback's), with the stamp of the build that wrote it.
    ///
    /// - Parameters:
    ///   - kind: the kind whose records are rolled back.
    ///   - build: the build whose records go, as its configuration named it.
    ///   - account: only this account's scenes; nil, the default: every account's.
    /// - Returns: the scenes rolled back, refused (a list per reason), and those with nothing earlier.
    /// - Throws: `StoreError.sqlite` (`SQLITE_CANTOPEN`, naming the file) when the `<db>-live` file beside the database is there but cannot be read (a link, never followed, or a file this process may not open): which scenes another process has on screen cannot be told, so nothing changes.
    @discardableResult
    public func rollBack<State: RestorableState>(kind: State.Type, writtenBy build: String, account: String? = nil) throws -> RollbackResult {
        let restorers = OpenRestorers.restorers(sharingFileWith: file)
        let live = restorers.flatMap { $0.liveScreens() }.filter { $0.kind == State.kind }
        let gate = restoring.withLock { $0.gate }
        let result = try recoveringFromDamage { store in
            var result = RollbackResult()
            try store.writeTransaction {
                let stamped = try store.recordsStamped(by: build, kind: State.kind, account: account)
                // On screen in another process (an extension, the app): refused the same way.
                let elsewhere = try LiveScenesFile.scenesLive(elsewhere: stamped.map { (account: Optional($0.account), scene: $0.scene) }, beside: path)
                for (account, scene) in stamped {
                    // A name an older build stored that today's rules refuse is still rolled back.
                    guard let key = try? SceneKey(storedScene: scene, account: account) else { continue }
                    let screen = ScreenKey(scene: key, kind: State.kind)
                    let isLiveElsewhere = elsewhere.contains { $0.scene.hasSameBytes(as: scene) && ($0.account?.hasSameBytes(as: account) ?? true) }
                    if live.contains(screen) || isLiveElsewhere {
                        result.liveScenes.append(key)
                    } else if restorers.contains(where: { $0.persistence.writer.hasPending(screen) }) {
                        result.pendingSaves.append(key)
                    } else if let entry = try store.newestHistoryEntry(account: account, scene: scene, kind: State.kind, notWrittenBy: build) {
                        do {
                            try store.write(
                                .historyEntry(id: entry, account: account, scene: scene, kind: State.kind, at: nil),
                                rules: WriteGate.rollbackRules(after: gate.sighting(of: screen)))
                            result.rolledBack.append(key)
                        } catch StoreError.accountSignedOut {
                            result.signedOutScenes.append(key)
                        }
                    } else {
                        result.nothingEarlier.append(key)
                    }
                }
            }
            return result
        }
        // What this restorer kept of those screens' earlier restores is about other records now.
        let rolledBack = result.rolledBack.map { ScreenKey(scene: $0, kind: State.kind) }
        if !rolledBack.isEmpty { restoring.withLock { Self.forgetScreens(&$0) { rolledBack.contains($0) } } }
        return result
    }
}
