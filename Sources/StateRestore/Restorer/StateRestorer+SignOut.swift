import StateStore

extension StateRestorer {
    /// Signs `account` out for good: purges everything stored for it (as `restorectl purge` does:
    /// `secure_delete`, every page rewritten, the log truncated, its crash-loop marks gone), drops
    /// its pending saves, stops its live trackings, and fences every writer: the purge advances the
    /// account's sign-out generation, and a save of a screen restored before it, in this process or
    /// in any other on the file (an extension with a pending save), is dropped instead of writing
    /// the account back. Each screen keeps the generation its own restore captured (neither this
    /// sign-out nor another screen's restore refreshes it), so a screen restored before the
    /// sign-out stays fenced, for persisted and hand saves alike; a restore after the sign-out
    /// captures the new generation, so the account works again when the person signs back in.
    ///
    /// The account's slots in the configured key-value store (``configurePortable(_:)``) are
    /// removed too, so no other device lands its state.
    ///
    /// In this process the fence reaches further: every restorer of the file refuses saves of
    /// any scene of the account, one it never restored included (a hand save throws
    /// `StoreError.accountSignedOut`), until a restore in this process reads a scene
    /// of the account again; signing back in is a restore. Another process that never restored
    /// a scene of the account before the sign-out captures the new generation at its first
    /// save of it, as it would for an account signed in there.
    ///
    /// The generation survives a relaunch and is stored under a keyed hash of the account
    /// name (a random key of the database), so no row names the signed-out account.
    ///
    /// - Returns: what the purge removed.
    @discardableResult
    public func signOut(account: String) throws -> PurgeResult {
        let ofAccount = { @Sendable (screen: ScreenKey) in screen.scene.account.hasSameBytes(as: account) }
        persistence.cancelTrackings(where: ofAccount)
        OpenRestorers.publishLiveScenes(of: self)
        persistence.writer.dropPending(as: .accountSignedOut) { $0.account.hasSameBytes(as: account) }
        // The account's crash-loop marks go with it through this restorer's guard file, or,
        // when it never opened one (no restore applied a record yet), through the purge's own
        // look at an existing guard file: else a crashed launch of the account would still be
        // counted by the next launch (model sequence
        // Fixtures/sequences/sign-out-through-a-launch-that-never-restored-forgets-the-blame.txt).
        let hasGuard = restoring.withLock { $0.launchGuard != nil }
        let (result, generation) = try recoveringFromDamage { store in
            (try store.purge(account: account, forgettingGuardMarks: !hasGuard), try store.accountGeneration(account))
        }
        SignedOutAccounts.note(account, generation: generation, at: file)
        removePortableSlots(ofAccount: account)
        ScenesInUse.forget(at: file) { $0.account.hasSameBytes(as: account) }
        restoring.withLock { side in
            try? side.launchGuard?.forget(accountHash: LaunchGuardMark.accountHash(account))
            Self.forgetScreens(&side, where: ofAccount)
        }
        return result
    }
}
