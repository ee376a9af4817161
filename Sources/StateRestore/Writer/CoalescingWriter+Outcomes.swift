import JSON
import StateStore

extension CoalescingWriter {
    /// ``StateRestorer/unwrittenSaves``, ordered by account, scene and kind.
    package var unwrittenSaves: [UnwrittenSave] {
        state.withLock { pending in
            pending.unwritten.map { UnwrittenSave(key: $0.key.scene, kind: $0.key.kind, reason: $0.value) }
                .sorted { Self.precedes(($0.key, $0.kind), ($1.key, $1.kind)) }
        }
    }

    /// Whether `left` comes before `right` by account, scene and kind, each by its bytes, as
    /// the store orders them.
    private static func precedes(_ left: (key: SceneKey, kind: String), _ right: (key: SceneKey, kind: String)) -> Bool {
        left.key == right.key ? left.kind.utf8.lexicographicallyPrecedes(right.kind.utf8) : left.key.precedes(right.key)
    }

    /// ``StateRestorer/oversizedSaves``, ordered by account, scene and kind.
    package var oversizedSaves: [OversizedSave] {
        state.withLock { pending in
            pending.oversized.map { OversizedSave(key: $0.key.scene, kind: $0.key.kind, size: $0.value) }
                .sorted { Self.precedes(($0.key, $0.kind), ($1.key, $1.kind)) }
        }
    }

    /// Records what a save written outside the writer (a restorer's hand save) found: over
    /// the default budget (`size`) or within it (nil); counts it, and delivers its event.
    func noteWritten(_ screen: ScreenKey, bytes: Int, oversized size: RecordSizeBreakdown?, duration: Duration) {
        let outcome: SaveOutcome = size == nil ? .written : .writtenOversized
        state.withLock { pending in
            pending.saveCounts.add(outcome, kind: screen.kind, bytes: bytes, duration: duration)
            // A save written ends the screen's unwritten entry, as a persisted one's does.
            if !pending.unwritten.isEmpty { pending.unwritten[screen] = nil }
            // Within the budget with nothing listed (every normal save): no hashing.
            if size == nil, pending.oversized.isEmpty { return }
            pending.oversized[screen] = size
        }
        diagnosis.deliverSave(kind: screen.kind, screen.scene, outcome, bytes: bytes, duration: duration)
    }

    /// Counts a hand save that threw `error` (refused or failed), and delivers its event.
    func noteRefused(_ screen: ScreenKey, _ error: any Error, duration: Duration) {
        let outcome = SaveOutcome(refusal: error)
        state.withLock { $0.saveCounts.add(outcome, kind: screen.kind, bytes: 0, duration: duration) }
        diagnosis.deliverSave(kind: screen.kind, screen.scene, outcome, bytes: 0, duration: duration)
    }

    /// The saves settled so far, per kind and outcome.
    var saveCounts: RestoreStatistics { state.withLock { $0.saveCounts } }

    /// Drops the pending saves of the scenes another restorer of the file deleted (discarded,
    /// pruned), listing each in ``unwrittenSaves`` as ``UnwrittenSave/Reason/sceneDiscarded``:
    /// the save was captured before the deletion, and the fence would refuse it anyway.
    func dropPendingDeletedElsewhere(where isDropped: (SceneKey) -> Bool) {
        let dropped = state.withLock { pending in
            let dropped = pending.entries.keys.filter { isDropped($0.scene) }
            for screen in dropped {
                pending.saveCounts.add(.discarded, kind: screen.kind, bytes: 0, duration: .zero)
                pending.entries[screen] = nil
                pending.unwritten[screen] = .sceneDiscarded
            }
            return dropped
        }
        for screen in dropped { diagnosis.deliverSave(kind: screen.kind, screen.scene, .discarded, bytes: 0, duration: .zero) }
    }

    /// Forgets the pending saves of the scenes `isDropped` names (discarded, pruned or signed
    /// out), counting each under `outcome`.
    func dropPending(as outcome: SaveOutcome = .discarded, where isDropped: (SceneKey) -> Bool) {
        let dropped = state.withLock { pending in
            let dropped = pending.entries.keys.filter { isDropped($0.scene) }
            for screen in dropped { pending.saveCounts.add(outcome, kind: screen.kind, bytes: 0, duration: .zero) }
            pending.entries = pending.entries.filter { !isDropped($0.key.scene) }
            pending.unwritten = pending.unwritten.filter { !isDropped($0.key.scene) }
            pending.uses = pending.uses.filter { !isDropped($0.key) }
            pending.oversized = pending.oversized.filter { !isDropped($0.key.scene) }
            return dropped
        }
        for screen in dropped { diagnosis.deliverSave(kind: screen.kind, screen.scene, outcome, bytes: 0, duration: .zero) }
    }
}

extension CoalescingWriter {
    /// Whether a save of `screen` waits to be written (a rollback would be overwritten by it).
    func hasPending(_ screen: ScreenKey) -> Bool {
        state.withLock { $0.entries[screen] != nil }
    }
}
