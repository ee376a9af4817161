import JSON
import StateStore

extension StateRestorer {
    /// Saves `state` for `key` now, in its kind's current record format, carrying the fields
    /// the screen's last restored record had that this build does not know; returns when the
    /// commit has returned.
    ///
    /// A stored record of a newer format this build cannot read is never replaced unless
    /// `replacingNewer` is true (`RestoreError.wouldReplaceNewerRecord`). A record over the
    /// budget its kind declares (``RestorableState/maxRecordBytes``) is refused
    /// (``RestoreError/recordOverBudget(scene:kind:_:)``, naming its largest fields); one over
    /// the default budget is written and listed in ``oversizedSaves``.
    public func save<State: RestorableState>(_ state: State, for key: SceneKey, replacingNewer: Bool = false) throws {
        let start = ContinuousClock.now
        let screen = ScreenKey(scene: key, kind: State.kind)
        let written: (bytes: Int, oversized: RecordSizeBreakdown?)
        do {
            // The sighting is looked up under the write's own lock: one lock a save, not two.
            written = try recoveringFromDamage(afterSightingOf: screen) { store, sighting in
                try RecordSaving.save(state, for: key, after: sighting, replacingNewer: replacingNewer, in: store)
            }
        } catch {
            persistence.writer.noteRefused(screen, error, duration: start.duration(to: .now))
            throw error
        }
        persistence.writer.noteWritten(screen, bytes: written.bytes, oversized: written.oversized, duration: start.duration(to: .now))
    }

    /// Saves `state` for `key` with exactly `fields` carried (the package's tests pad records
    /// with them), under the gate's rules for the screen.
    package func save<State: RestorableState>(_ state: State, for key: SceneKey, carryingExactly fields: JSONObject, replacingNewer: Bool) throws {
        let screen = ScreenKey(scene: key, kind: State.kind)
        var sighting = restoring.withLock { side in sightingForSave(of: screen, &side) }
        sighting.carried = fields
        try recoveringFromDamage { store in
            _ = try RecordSaving.save(state, for: key, after: sighting, replacingNewer: replacingNewer, in: store)
        }
    }

    /// Saves `model`'s restorable state on every change, coalesced, for the restoration's scene
    /// and carrying the fields its record held that this build does not know; the model is held
    /// weakly, so releasing it ends the tracking. The restore completes one main-actor turn later.
    ///
    /// ```swift
    /// let tracking = restorer.persist(model, from: restored)   // keep it as long as the screen
    /// ```
    @MainActor
    public func persist<Model: PersistableScreenModel>(_ model: Model, from restoration: Restoration<Model.State>) -> PersistenceTracking {
        persist(model, from: restoration, turns: TaskTurnScheduler())
    }

    /// ``persist(_:from:)`` with the re-reads run by `turns` (StateRestoreTesting's
    /// `ManualTurnScheduler` for an app's tests, the package's own for its tools and tests).
    @MainActor
    package func persist<Model: PersistableScreenModel>(
        _ model: Model, from restoration: Restoration<Model.State>, turns: any MainActorTurnScheduling
    ) -> PersistenceTracking {
        tracked(restoration, turns: turns, isSourceAlive: { [weak model] in model != nil }) { [weak model] in model?.restorableState }
    }

    /// Saves `state()` on every change of what it reads, coalesced, for the restoration's scene
    /// and carrying the fields its record held that this build does not know. The restore
    /// completes one main-actor turn later.
    ///
    /// `state` is read at once (the baseline, not saved) and again one main-actor turn after
    /// each change of anything it read; a value that differs from the last one saved is
    /// written with the next coalesced write. The closure is held strongly: capture a model
    /// weakly, or use ``persist(_:from:)``, so that releasing the model ends the tracking.
    ///
    /// ```swift
    /// let tracking = restorer.persist(from: restored) {
    ///     ReaderState(bookID: reader.bookID, page: reader.page, fontSize: reader.fontSize)
    /// }
    /// ```
    @MainActor
    public func persist<State: RestorableState>(from restoration: Restoration<State>, _ state: @escaping @MainActor () -> State) -> PersistenceTracking {
        persist(from: restoration, turns: TaskTurnScheduler(), state)
    }

    /// ``persist(from:_:)`` with the re-reads run by `turns` (StateRestoreTesting's
    /// `ManualTurnScheduler` for an app's tests, the package's own for its tools and tests).
    @MainActor
    package func persist<State: RestorableState>(
        from restoration: Restoration<State>, turns: any MainActorTurnScheduling, _ state: @escaping @MainActor () -> State
    ) -> PersistenceTracking {
        tracked(restoration, turns: turns, isSourceAlive: { true }) { state() }
    }

    /// Writes everything pending now, in one transaction, and returns once it has committed:
    /// it first completes the restores persistence was about to complete and hands over the
    /// current state of every live tracking (when called on the main actor; elsewhere what they
    /// handed over at their last turn), so a change made in this very turn is written too.
    /// `isolation` is the caller's actor: leave it to its default.
    ///
    /// - Returns: the scenes skipped because the database holds a record of a newer format
    ///   (never replaced) or a record their restore could not read (not written over: the
    ///   next restore returns it), because their record would exceed the size limit or their
    ///   kind's declared budget, or because their state cannot be encoded; ``unwrittenSaves``
    ///   says why for each. Saves written over the default size budget are not skipped:
    ///   ``oversizedSaves`` lists them, with their largest fields.
    /// - Throws: the storage error when the write failed; the states stay pending for the next
    ///   write, and ``pendingSaves`` names them. While suspended (or after ``close(isolation:)``),
    ///   ``RestoreError/savesNotWritten(_:scenes:)`` naming every scene with a save waiting (for
    ///   ``resume(isolation:)``, or never): a flush never answers success for saves it did not
    ///   write. Suspended with nothing waiting, it returns no scene.
    @discardableResult
    public func flush(isolation: isolated (any Actor)? = #isolation) throws -> [SceneKey] {
        handOverBeforeWriting(from: isolation)
        return try persistence.writer.flush()
    }

    /// The scenes with a save waiting to be written (a coalescing window not ended yet, a
    /// write the storage refused, the app suspended), each once, ordered by account and scene.
    public var pendingSaves: [SceneKey] { persistence.writer.pendingScenes }

    /// The persisted saves that writes skipped, scheduled ones included, each with its reason
    /// (a newer record kept, a record the launch did not see, a state that cannot be stored),
    /// until the screen's next save is written.
    public var unwrittenSaves: [UnwrittenSave] { persistence.writer.unwrittenSaves }

    /// The saves, persisted or by hand, written although their record is over the default size
    /// budget (``RecordSizeBreakdown/defaultBudget``; their kind declares none), each with the
    /// record's largest fields, until the screen's next save is written within it.
    public var oversizedSaves: [OversizedSave] { persistence.writer.oversizedSaves }

    /// Flushes, then closes every connection of this restorer, even when the flush throws;
    /// later restores answer defaults and later changes are not written. `isolation` is the
    /// caller's actor (see ``flush(isolation:)``): leave it to its default.
    public func close(isolation: isolated (any Actor)? = #isolation) throws {
        defer {
            restoring.withLock { side in
                releaseLaunchGuard(&side)
                side.store?.close()
                side.store = nil
                side.keptFile?.release()
                side.keptFile = nil
                side.isClosed = true
            }
            // Until a screen of this process was ever live, a close changes no publication.
            if RestorerPersistence.anyScreenWasEverLive { OpenRestorers.publishLiveScenes(of: self) }
        }
        handOverBeforeWriting(from: isolation)
        try persistence.writer.close()
    }

    /// How many coalesced write transactions this restorer's writer has committed.
    package var writesCommitted: Int { persistence.writer.writesCommitted }

    // MARK: Internals

    /// The sighting a save of `screen` (a record's or a kind's snapshots') follows: its latest
    /// restore's; a screen this restorer never restored captures the account's sign-out
    /// generation now, at its first save. The connection is reopened if it was unavailable.
    func sightingForSave(of screen: ScreenKey, _ side: inout RestoreSide) -> WriteGate.Sighting {
        reopenIfUnavailable(&side, beforeReading: false)
        defer { Self.releaseReadOnlyConnection(&side) }
        return sightingForSave(of: screen, on: &side)
    }

    /// ``sightingForSave(of:_:)`` on the connection `side` holds, which the caller reopened.
    func sightingForSave(of screen: ScreenKey, on side: inout RestoreSide) -> WriteGate.Sighting {
        let store = side.store
        let known = side.gate.sighting(of: screen)
        // Captured before (every save after a screen's first): no lookup more.
        if let known, known.generation != nil { return known }
        if let fence = SignedOutAccounts.fence(for: screen.scene.account, at: file) {
            // Fenced at the sign-out for this save only: once the account is restored again,
            // the screen's first save captures the generation then. The discard epoch is the
            // one its first save captured, kept: a discard after it refuses this save (model
            // sequence `Fixtures/sequences/a-discard-fences-a-screen-of-an-account-signed-out-here-from-its-first-save.txt`).
            let discardEpoch = side.gate.discardEpochForSave(of: screen) { try? store?.discardEpoch() }
            return WriteGate.Sighting(generation: fence, discardEpoch: discardEpoch, carried: known?.carried ?? JSONObject())
        }
        return side.gate.sightingForSave(of: screen) { firstFence(in: store, account: screen.scene.account) }
    }

    /// The fences a screen's first save captures when no restore captured them: the account's
    /// sign-out generation and the file's discard epoch now (both nil when the file cannot be
    /// read).
    func firstFence(in store: Store?, account: String) -> (generation: Int?, discardEpoch: Int?) {
        (try? store?.accountGeneration(account), try? store?.discardEpoch())
    }

    /// The sighting a tracking of `restoration`'s screen saves after, asked at each save: what
    /// the screen's latest restore by this restorer saw, or the restoration's own when this
    /// restorer never restored the screen (or is gone). The fields carried are the latest
    /// restore's while this restorer still holds them.
    ///
    /// A restore that captured no fences (the file busy, unavailable, suspended or closed; a
    /// landing refused) leaves its saves to capture them at the first, as a hand save's first
    /// does: the account's generation and the file's discard epoch then, or the sign-out's
    /// fence while the account is signed out in this process. Without it such saves carried no
    /// fence at all, and wrote back a scene discarded, or an account signed out, after them.
    func sighting<State: RestorableState>(following restoration: Restoration<State>) -> @MainActor () -> WriteGate.Sighting {
        let screen = restoration.screen
        let own = restoration.sighting
        return { [weak self] in
            guard let self else { return own }
            return self.restoring.withLock { side in
                var sighting = side.gate.sighting(of: screen) ?? own
                if !side.restoredScreens.contains(screen) { sighting.carried = own.carried }
                if sighting.generation == nil {
                    let captured = self.sightingForSave(of: screen, &side)
                    sighting.generation = captured.generation
                    sighting.discardEpoch = captured.discardEpoch ?? sighting.discardEpoch
                }
                return sighting
            }
        }
    }

    /// What every final write does first: completes the restores persistence was about to
    /// complete and hands over the live trackings' current state (on the main actor).
    func handOverBeforeWriting(from isolation: isolated (any Actor)?) {
        for screen in persistence.takeAllCompletions() { _ = complete(screen) }
        persistence.handOverLiveStates(from: isolation)
    }

    @MainActor
    private func tracked<State: RestorableState>(
        _ restoration: Restoration<State>, turns: any MainActorTurnScheduling, isSourceAlive: @escaping @MainActor () -> Bool,
        read: @escaping @MainActor () -> State?
    ) -> PersistenceTracking {
        let tracking = PersistenceTracking(
            writer: persistence.writer, key: restoration.key, sighting: sighting(following: restoration), turns: turns, isSourceAlive: isSourceAlive, read: read)
        let screen = restoration.screen
        // A closed restorer notes no use, as its saves do not (``recoveringFromDamage(afterSightingOf:_:)``).
        if !isClosed { ScenesInUse.note(restoration.key, atFile: file.key) }
        persistence.register(tracking, completing: screen)
        // Live from now by its tracking, even before the turn that completes the restore.
        restoring.withLock { _ = $0.uncompletedScreens.remove(screen) }
        // Live for other processes too, until it is cancelled (or the restorer closes or suspends).
        tracking.onStop = { [weak self] in
            if let self { OpenRestorers.publishLiveScenes(of: self) }
        }
        OpenRestorers.publishLiveScenes(of: self)
        turns.scheduleTurn { [weak self] in
            guard let self, self.persistence.takeCompletion(screen) else { return }
            _ = self.complete(screen)
        }
        return tracking
    }

    /// Why a restorer that only reads writes nothing.
    static let readsOnlyRefusal = RestoreError.databaseUnusable("the restorer only reads (DatabaseConfiguration.Access.readOnly); nothing is written")
}
