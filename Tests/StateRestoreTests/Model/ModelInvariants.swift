/// The contract's invariants, checked on top of exact equality with the model and without it:
/// each reads the file before and after a step, what the step was and what the engine
/// answered, and has a failure message of its own, so a model wrong in the same way as the
/// engine still fails here.
///
/// - no acknowledged save lost;
/// - no signed-out account written back;
/// - a newer record never lowered, displaced or lost (but by an explicit rollback);
/// - a rollback never loses a record: the record it replaced is in the history afterwards;
/// - nothing deleted for being unreadable;
/// - a live scene never discarded.
///
/// (The tool's read verbs changing no byte of the folder is checked where they run.)
struct ModelInvariants {
    typealias Slot = ModelOperation.Slot

    /// The file as the invariants read it.
    struct Disk: Equatable {
        /// Each record: its format version, its title (nil for bytes that are not the model's
        /// kind's JSON) and its whole line.
        var records: [Slot: (version: Int, title: String?, line: String)] = [:]
        /// The quarantine's payloads, as record bodies.
        var quarantine: [String] = []
        /// The payload bodies of the records, by slot.
        var bodies: [Slot: String] = [:]
        /// Each slot's history entries' bodies, newest first.
        var history: [Slot: [String]] = [:]

        static func == (lhs: Disk, rhs: Disk) -> Bool {
            lhs.records.mapValues(\.line) == rhs.records.mapValues(\.line) && lhs.quarantine == rhs.quarantine && lhs.history == rhs.history
        }
    }

    /// The title each acknowledged save left, until a later step may replace or remove it.
    private var acknowledged: [Slot: String] = [:]
    /// The restorer each title was written from.
    private var origins: [String: Int] = [:]
    /// The step at which each restorer's screen captured its account's sign-out generation.
    private var captured: [Int: [Slot: Int]] = [:]
    /// The step of each account's latest sign-out (any process, or the tool's purge).
    private var signedOut: [String: Int] = [:]
    /// The step of each scene's latest discard or prune (any restorer, process or the tool).
    private var discarded: [Slot: Int] = [:]

    /// The file was damaged and moved aside whole (its bytes kept unchanged beside it): what
    /// it held is no longer the live file's.
    mutating func fileMovedAside() { acknowledged = [:] }

    /// What the step may do to `slot`'s record besides a save: remove or replace it.
    static func mayRemove(_ operation: ModelOperation, _ slot: Slot) -> Bool {
        switch operation {
        case .discard(_, let other), .childDiscard(_, let other), .toolDiscard(let other), .write(let other, _): other == slot
        case .signOut(_, let account), .childSignOut(_, let account), .toolPurge(let account): account == slot.account
        case .removeUnused, .childPrune, .toolPrune: true
        case .toolQuarantineRestore(_, let replacing): replacing
        // Everything goes with the file; the path then holds a new, empty one.
        case .removeFile: true
        default: false
        }
    }

    /// Whether the step writes records of this build (a save, or a writer's window or flush).
    static func writes(_ operation: ModelOperation) -> Bool {
        switch operation {
        case .save, .fireWindows, .flush, .close, .relocate, .relocateOntoOwnFile, .suspend, .resume, .removeUnused, .childSave, .childFire, .childFlush, .childExit, .childPrune, .fault(.readOnly),
            .damage:
            true
        default: false
        }
    }

    /// Notes what the step is before it runs: the notes' origins and the screens' captures.
    mutating func noteBefore(_ operation: ModelOperation, step: Int, model: ContractModel) {
        switch operation {
        case .save(let r, _, _), .childSave(let r, _, _, _), .restore(let r, _), .childRestore(let r, _), .childCrash(let r, _):
            guard model.restorers.indices.contains(r) else { return }
        default: break
        }
        switch operation {
        case .save(let r, let slot, let note), .childSave(let r, let slot, let note, _):
            origins[note.title] = r
            let restorer = model.restorers[r]
            // A save its process's sign-out fences (never restored since) captures nothing: the
            // screen's first save after the account is restored again does.
            if captured[r]?[slot] == nil && !restorer.isClosed && !restorer.isSuspended && model.signOutFence(r, slot.account) == nil {
                captured[r, default: [:]][slot] = step
            }
        case .change(let t, let note):
            if model.trackings.indices.contains(t) { origins[note.title] = model.trackings[t].restorer }
        case .restore(let r, let slot), .childRestore(let r, let slot), .childCrash(let r, let slot):
            let restorer = model.restorers[r]
            if !restorer.isClosed && !restorer.isSuspended { captured[r, default: [:]][slot] = step }
        default: break
        }
    }

    /// Checks the step; the first invariant it broke, as a message.
    mutating func check(
        _ operation: ModelOperation, step: Int, answered outcome: ContractModel.Outcome, liveBefore: Bool, before: Disk, after: Disk
    ) -> String? {
        switch operation {
        case .signOut(_, let account), .childSignOut(_, let account):
            if case .count = outcome { signedOut[account] = step }
        case .toolPurge(let account):
            if outcome == .toolExit(0) { signedOut[account] = step }
        case .discard(_, let slot), .childDiscard(_, let slot):
            if case .count = outcome { discarded[slot] = step }
        case .toolDiscard(let slot):
            if outcome == .toolExit(0) { discarded[slot] = step }
        case .removeUnused, .childPrune, .toolPrune:
            for slot in before.records.keys where after.records[slot] == nil { discarded[slot] = step }
        default: break
        }
        // A live scene never discarded.
        if case .discard(_, let slot) = operation, liveBefore {
            if before.records[slot]?.line != after.records[slot]?.line || outcome == .count(1) {
                return "a live scene was discarded: \(slot) is tracked by a live screen, and the discard answered \(outcome)"
            }
        }
        let isRollback =
            switch operation {
            case .rollBack, .toolRollBack, .toolRollBackBefore: true
            default: false
            }
        for slot in Set(before.records.keys).union(after.records.keys).sorted() {
            let old = before.records[slot]
            let new = after.records[slot]
            // A rollback never loses a record: the record it replaced is in the history afterwards.
            if isRollback, let old, old.line != new?.line, let body = before.bodies[slot], !after.history[slot, default: []].contains(body) {
                return "a rollback lost a record: \(slot) held \(old.line), now \(new?.line ?? "nothing"), not in its history"
            }
            let movedAside = old.map { _ in before.bodies[slot].map { body in after.quarantine.count(where: { $0 == body }) > before.quarantine.count(where: { $0 == body }) } ?? false } ?? false
            // Nothing deleted for being unreadable: a record gone is removed by a step that may
            // remove it, or moved to the quarantine.
            if old != nil, new == nil, !Self.mayRemove(operation, slot), !movedAside {
                return "a record was deleted, not moved to the quarantine: \(slot) held \(old!.line)"
            }
            // A newer record never lowered, displaced or lost.
            // (An explicit rollback asked for it, and keeps it in the history.)
            if let old, old.version > ModelNote.currentVersion, old.line != new?.line, !Self.mayRemove(operation, slot), !isRollback {
                if new == nil && movedAside, case .restore = operation {
                    // The crash-loop guard moved it aside: an explicit part of the contract.
                } else if new == nil && movedAside, case .childRestore = operation {
                } else if new == nil && movedAside, case .childCrash = operation {
                } else if let new, new.version >= old.version {
                    // Written back as its own format.
                } else {
                    return "a newer record was lowered, displaced or lost: \(slot) held \(old.line), now \(new?.line ?? "nothing")"
                }
            }
            // No signed-out account written back.
            if let new, new.line != old?.line, let title = new.title, let r = origins[title], let signedOutAt = signedOut[slot.account] {
                // A screen that read nothing of the account (never restored, or restored while
                // suspended or closed) captures its generation at its first save.
                guard let capturedAt = captured[r]?[slot] else {
                    captured[r, default: [:]][slot] = step
                    continue
                }
                if signedOutAt > capturedAt && signedOutAt < step {
                    return "a signed-out account was written back: \(slot) now holds \(title), saved by restorer \(r), whose screen last read the account before its sign-out at step \(signedOutAt)"
                }
            }
        }
        // No discarded scene written back by a save captured before the discard (a save: a
        // quarantine restore or a rollback puts a record back on purpose).
        for slot in Set(after.records.keys).sorted() where Self.writes(operation) {
            guard let new = after.records[slot], new.line != before.records[slot]?.line, let title = new.title, let r = origins[title],
                let discardedAt = discarded[slot], let capturedAt = captured[r]?[slot]
            else { continue }
            if discardedAt > capturedAt && discardedAt < step {
                return "a discarded scene was written back: \(slot) now holds \(title), saved by restorer \(r), whose screen last read it before its discard at step \(discardedAt)"
            }
        }
        // No acknowledged save lost.
        for (slot, title) in acknowledged.sorted(by: { $0.key < $1.key }) where after.records[slot]?.title != title {
            let movedAside = before.bodies[slot].map { body in after.quarantine.count(where: { $0 == body }) > before.quarantine.count(where: { $0 == body }) } ?? false
            let rolledBack = isRollback && before.bodies[slot].map { after.history[slot, default: []].contains($0) } == true
            if Self.mayRemove(operation, slot) || movedAside || (Self.writes(operation) && after.records[slot] != nil) || rolledBack {
                acknowledged[slot] = nil
            } else {
                return "an acknowledged save was lost: \(slot) was saved as \(title), the file holds \(after.records[slot]?.line ?? "nothing")"
            }
        }
        switch (operation, outcome) {
        case (.save(_, let slot, let note), .done), (.childSave(_, let slot, let note, nil), .done):
            guard after.records[slot]?.title == note.title else {
                return "an acknowledged save was lost: the save of \(note.title) to \(slot) returned, the file holds \(after.records[slot]?.line ?? "nothing")"
            }
            acknowledged[slot] = note.title
        case (.flush, .scenes(let skipped)), (.childFlush(_, nil), .scenes(let skipped)):
            for (slot, record) in after.records where record.line != before.records[slot]?.line && !skipped.contains(slot) {
                if let title = record.title { acknowledged[slot] = title }
            }
        default: break
        }
        return nil
    }
}
