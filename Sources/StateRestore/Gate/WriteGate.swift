import JSON
import StateStore

/// The one place that decides what a write of a record or a shelf snapshot may replace,
/// whatever asked for it: a hand save, a persisted save, the tool's save, a quarantine
/// restore, a shelf snapshot save. It answers from what this process's restore of *that*
/// screen saw (the sign-out generation it captured, whether it read the file) and the format
/// the save writes; the store applies the ``WriteRules`` inside the write transaction. No
/// write path assembles rules of its own.
///
/// The generation is captured per screen, at its restore (or, for a screen this restorer never
/// restored, at its first save): neither a sign-out nor another screen's restore refreshes it,
/// and forgetting a screen's other bookkeeping (discard, sign-out, prune) keeps it, so a screen
/// restored before a sign-out stays fenced until it is restored again.
package struct WriteGate: Sendable {
    /// What one restore saw, for the saves that follow it: the one value a restoration, the
    /// gate, a tracking's saves and the writer's pending saves hold of it.
    package struct Sighting: Sendable, Equatable {
        /// The account's sign-out generation when the screen was restored; nil: no fence.
        var generation: Int?
        /// The file's discard epoch when the screen was restored: a save after a discard of
        /// the scene is refused. Nil: no fence. Read with the generation, so nil together,
        /// except for a screen of an account this process signed out: its saves are fenced at
        /// the sign-out, and the epoch its first save captured is kept alone.
        var discardEpoch: Int?
        /// The restore could not read the file: create the record, never replace one.
        var isUnseen = false
        /// The fields of the record read that this build does not know, written back by every
        /// save; for a newer record read through its `minReaderVersion`, also its `version`
        /// and `minReaderVersion`, so a save writes that format again.
        var carried = JSONObject()
    }

    /// Each screen's latest sighting by this restorer, a kind's snapshots' included (under the
    /// key `StateRestorer.snapshotScreen` gives them).
    private var screens = ScreenTable<Sighting>()

    /// The sighting of `screen`'s latest restore, or nil when this restorer never restored or
    /// saved it.
    func sighting(of screen: ScreenKey) -> Sighting? { screens[screen] }

    /// Notes what a restore of `screen` saw. A restore that could not read the account's
    /// generation (the file unavailable) keeps the one captured before.
    mutating func noteRestore(of screen: ScreenKey, _ sighting: Sighting) {
        screens.modify(screen) { known in
            var sighting = sighting
            if sighting.generation == nil { (sighting.generation, sighting.discardEpoch) = (known?.generation, known?.discardEpoch) }
            known = sighting
        }
    }

    /// The sighting a save of `screen` follows; a screen never restored captures the account's
    /// generation and the file's discard epoch now (`current`), at its first save, and is
    /// fenced from then on. A discard epoch it captured before (a save while the account was
    /// signed out in this process) is kept.
    mutating func sightingForSave(of screen: ScreenKey, current: () -> (generation: Int?, discardEpoch: Int?)) -> Sighting {
        if let known = screens[screen], known.generation != nil { return known }
        var sighting = screens[screen] ?? Sighting()
        let now = current()
        sighting.generation = now.generation
        sighting.discardEpoch = sighting.discardEpoch ?? now.discardEpoch
        screens[screen] = sighting
        return sighting
    }

    /// The discard epoch a save of `screen` is fenced at while its account is signed out in
    /// this process (the generation is the sign-out's, for that save only): the one its latest
    /// restore or first save captured, or the file's now (`current`), kept from then on, so a
    /// discard after the screen's first save refuses the saves that follow it.
    mutating func discardEpochForSave(of screen: ScreenKey, current: () -> Int?) -> Int? {
        if let epoch = screens[screen]?.discardEpoch { return epoch }
        var sighting = screens[screen] ?? Sighting()
        sighting.discardEpoch = current()
        screens[screen] = sighting
        return sighting.discardEpoch
    }

    /// Forgets what the screens `isGone` names kept of their restores (discarded, pruned,
    /// signed out: the fields carried, a file not read), except the fences: a save of such a
    /// screen stays fenced until it is restored again.
    mutating func forget(where isGone: (ScreenKey) -> Bool) {
        for (screen, sighting) in screens.elements where isGone(screen) {
            screens[screen] = Sighting(generation: sighting.generation, discardEpoch: sighting.discardEpoch)
        }
    }

    // MARK: Rules

    /// The rules of a save of a `State` after `sighting`, carrying its fields. A stored record of
    /// a format above the one the save writes (the kind's current one, or the newer format a
    /// record read through its `minReaderVersion` is written back as) is kept, whatever
    /// `minReaderVersion` it declares: only a restore that read it (its format is carried) may
    /// write it back, so a screen that never read it (not restored, expired, written by a newer
    /// release since) never lowers it or drops its fields (model sequence
    /// `Fixtures/sequences/newer-record-kept-from-a-screen-that-never-read-it.txt`).
    /// `replacingNewer` (a hand save that says so) lets it replace a newer or an unseen record,
    /// never a signed-out account's.
    static func recordRules<State: RestorableState>(
        for type: State.Type, after sighting: Sighting, replacingNewer: Bool
    ) -> WriteRules {
        let historyDepth = State.declaredHistoryDepth
        return WriteRules(
            keepingVersionsAbove: replacingNewer ? nil : RecordCodec<State>.envelope(carrying: sighting.carried).version,
            keepingNewerEvenIfReadable: !replacingNewer,
            onlyIfAbsent: sighting.isUnseen && !replacingNewer,
            fencedAt: sighting.generation,
            discardFencedAt: sighting.discardEpoch,
            historyDepth: historyDepth,
            recordLifetime: historyDepth > 0 ? State.declaredLifetime.map(\.inSeconds) : nil
        )
    }

    /// The rules of putting an earlier record back (a rollback) of a screen after `sighting`
    /// (its latest restore by this restorer, nil for the tool or a screen never restored):
    /// fenced at its generation, and replacing whatever is stored, which goes into the history.
    /// No discard fence: a rollback puts back a stored record's own history, which a discard
    /// deletes with the record, so it cannot bring a discarded scene back.
    package static func rollbackRules(after sighting: Sighting?) -> WriteRules {
        WriteRules(fencedAt: sighting?.generation)
    }

    /// The rules of the tool's save of a validated record: it replaces a newer record only when
    /// asked to, or when the record is itself of a newer format (a newer release's record given
    /// on purpose). A newer record is kept even when its `minReaderVersion` lets this build read
    /// it: an app's save over one carries its unknown fields, because its restore read them, but
    /// the tool restored nothing, and would drop them (and lower its version). The tool restored
    /// nothing, so no fence either; it does not know an app kind's history depth (a format folder
    /// does not record it), so it keeps no history.
    package static func recordRules(forTool record: ValidatedRecord, replacingNewer: Bool) -> WriteRules {
        let keeping = replacingNewer || record.isNewerThanThisBuild ? nil : record.currentVersion
        return WriteRules(keepingVersionsAbove: keeping, keepingNewerEvenIfReadable: keeping != nil)
    }

    /// The rules of moving a quarantined record back: onto an empty slot only, unless
    /// `replacing` (the record saved since goes).
    package static func quarantineRules(replacing: Bool) -> WriteRules {
        replacing ? .unconditional : WriteRules(onlyIfAbsent: true)
    }

    /// The rules of a snapshot save of a format this build reads up to `readableUpTo`, after
    /// `sighting` (the latest restore of the snapshots): fenced at its generation.
    static func snapshotRules(after sighting: Sighting?, readableUpTo: Int) -> WriteRules {
        WriteRules(keepingVersionsAbove: readableUpTo, fencedAt: sighting?.generation)
    }
}
