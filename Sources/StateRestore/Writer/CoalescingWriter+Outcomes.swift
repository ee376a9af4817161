import JSON
import StateStore

extension CoalescingWriter {
    /// The saves that writes skipped (a newer record kept, a record the launch did not see,
    /// a state that cannot be stored), with why, until the screen's next save is written;
    /// ordered by account, scene and kind.
    package var unwrittenSaves: [UnwrittenSave] {
        state.withLock { pending in
            pending.unwritten.map { UnwrittenSave(key: $0.key.scene, kind: $0.key.kind, reason: $0.value) }
                .sorted { ($0.key.account, $0.key.scene, $0.kind) < ($1.key.account, $1.key.scene, $1.kind) }
        }
    }

    /// The saves written although their record is over the default size budget (their kind
    /// declares none), with each record's largest fields, until the screen's next save is
    /// written within it; ordered by account, scene and kind.
    package var oversizedSaves: [OversizedSave] {
        state.withLock { pending in
            pending.oversized.map { OversizedSave(key: $0.key.scene, kind: $0.key.kind, size: $0.value) }
                .sorted { ($0.key.account, $0.key.scene, $0.kind) < ($1.key.account, $1.key.scene, $1.kind) }
        }
    }

    /// Records what a save written outside the writer (a restorer's hand save) found: over
    /// the default budget (`size`) or within it (nil).
    func noteWritten(_ screen: ScreenKey, oversized size: RecordSizeBreakdown?) {
        state.withLock { pending in
            // A save written ends the screen's unwritten entry, as a persisted one's does.
            if !pending.unwritten.isEmpty { pending.unwritten[screen] = nil }
            // Within the budget with nothing listed (every normal save): no hashing.
            if size == nil, pending.oversized.isEmpty { return }
            pending.oversized[screen] = size
        }
    }

    /// Forgets the pending saves of the scenes `isDropped` names (discarded scenes).
    func dropPending(where isDropped: (SceneKey) -> Bool) {
        state.withLock { pending in
            pending.entries = pending.entries.filter { !isDropped($0.key.scene) }
            pending.unwritten = pending.unwritten.filter { !isDropped($0.key.scene) }
            pending.uses = pending.uses.filter { !isDropped($0.key) }
            pending.oversized = pending.oversized.filter { !isDropped($0.key.scene) }
        }
    }
}

extension CoalescingWriter {
    /// Whether a save of `screen` waits to be written (a rollback would be overwritten by it).
    func hasPending(_ screen: ScreenKey) -> Bool {
        state.withLock { $0.entries[screen] != nil }
    }
}
