import StateRestore

/// History and rollback (issue #30), from `RestorableState.historyDepth`'s, `rollBack`'s and the
/// tool's documentation and the migration's comments: every record carries the build that
/// wrote it (a stamp that counts while the record keeps the time it stamped); a written save
/// moves the record it replaces, with its stamp, into the history (an unchanged payload is not
/// copied, an expired record's history goes instead) and trims it to the depth; a refused save
/// changes nothing; a record's history goes when the record does, unless the record moved to
/// the quarantine; a rollback puts an entry back, the record it replaces into the history.
extension ContractModel {
    /// The build whose stamp counts on the record of `slot`, or nil.
    func stampedBuild(_ slot: Slot) -> String? {
        guard let stamp = stamps[slot], let record = records[slot], record.updatedAt == stamp.at else { return nil }
        return stamp.build
    }

    /// A written save of `record` into `slot` by a restorer of `build`: the replaced record
    /// into the history (not an expired one, whose history goes; not an unchanged payload),
    /// trimmed to the depth, and the new stamp.
    mutating func keepHistory(writing record: Record, to slot: Slot, by build: String?) {
        if let stored = records[slot] {
            if stored.updatedAt < now - Double(ModelNote.expirySeconds) {
                history[slot] = nil
            } else if stored.body != record.body {
                var entries = history[slot, default: []]
                entries.insert(HistoryEntry(record: stored, build: stampedBuild(slot), replacedAt: now), at: 0)
                history[slot] = Array(entries.prefix(ModelNote.historyDepth))
            }
        }
        if let build { stamps[slot] = Stamp(build: build, at: record.updatedAt) }
    }

    /// What the file's triggers and cascades leave after a step: a stamp goes with its record,
    /// a history with its record unless the record is in the quarantine.
    mutating func settleHistory() {
        for slot in Array(stamps.keys) where records[slot] == nil { stamps[slot] = nil }
        for slot in Array(history.keys) where records[slot] == nil && !quarantine.contains(where: { $0.slot == slot }) { history[slot] = nil }
        for slot in Array(history.keys) where history[slot]?.isEmpty == true { history[slot] = nil }
    }

    /// Entry `index` (newest first) of `slot`'s history back as its record, saved now with the
    /// entry's stamp; the record it replaces first in the history (the count unchanged).
    mutating func putBack(_ slot: Slot, _ index: Int) {
        var entries = history[slot, default: []]
        let entry = entries.remove(at: index)
        if let current = records[slot] { entries.insert(HistoryEntry(record: current, build: stampedBuild(slot), replacedAt: now), at: 0) }
        history[slot] = entries.isEmpty ? nil : entries
        var record = entry.record
        record.updatedAt = now
        records[slot] = record
        stamps[slot] = entry.build.map { Stamp(build: $0, at: now) }
    }

    /// `rollBack(kind:writtenBy:account:)`: for every record `build` wrote (its stamp counts),
    /// by account and scene, the newest entry of its history another build wrote (or none
    /// stamped) put back; a scene live in this process, one with a save pending in an open
    /// restorer of this process, and one this restorer saw before its account was signed out
    /// are refused.
    mutating func rollBack(_ r: Int, build: String, account: String?) -> Outcome {
        guard !restorers[r].isClosed, !restorers[r].isSuspended else { return .threw("databaseUnusable") }
        reopenIfWritable(r)
        var rolledBack: [Slot] = []
        // The refused by reason, as the result lists them: live, a save pending, signed out.
        var refused: (live: [String], pending: [String], signedOut: [String]) = ([], [], [])
        var nothingEarlier: [Slot] = []
        let elsewhere = publishedElsewhere(than: process(of: r))
        for slot in records.keys.sorted() where stampedBuild(slot) == build && (account == nil || slot.account == account) {
            // Live here, or on screen in another process: refused, as a discard is.
            if isLive(slot) || elsewhere.contains(slot) {
                refused.live.append("\(slot) sceneIsLive")
            } else if restorers.contains(where: { !$0.isChild && !$0.isClosed && !$0.isOrphaned && $0.pending[slot] != nil }) {
                refused.pending.append("\(slot) saveIsPending")
            } else if let index = history[slot, default: []].firstIndex(where: { $0.build != build }) {
                if let fence = restorers[r].sightings[slot]?.generation, generation(slot.account) > fence {
                    refused.signedOut.append("\(slot) accountSignedOut")
                } else {
                    putBack(slot, index)
                    rolledBack.append(slot)
                }
            } else {
                nothingEarlier.append(slot)
            }
        }
        // What the restorer kept of those screens' earlier restores is about other records now.
        var restorer = restorers[r]
        for slot in rolledBack {
            restorer.carried[slot] = nil
            restorer.restored.remove(slot)
            // Its fences stay: a save of it stays fenced until it is restored again.
            if let sighting = restorer.sightings[slot] { restorer.sightings[slot] = Sighting(generation: sighting.generation, discardEpoch: sighting.discardEpoch) }
        }
        restorers[r] = restorer
        return .rolledBack(rolledBack, refused: refused.live + refused.pending + refused.signedOut, nothingEarlier: nothingEarlier)
    }

    /// `restorectl rollback --scene S --account A --kind K --to N`: 66 when the scene has nothing
    /// of the kind or the history no entry N.
    mutating func toolRollBack(_ slot: Slot, to number: Int) -> Outcome {
        let entries = history[slot, default: []]
        guard records[slot] != nil || !entries.isEmpty, number >= 1, number <= entries.count else { return .toolExit(66) }
        if let refused = refusedAsLive(slot) { return refused }
        putBack(slot, number - 1)
        // What to put back is found reading only; the write opens the file for writing.
        forgetLogFilesIfLastClosed(closingOneThatHeldThem: true)
        return .toolExit(0)
    }

    /// `restorectl rollback … --before-build B`: 65 when B did not write the record, 66 when
    /// the scene has nothing of the kind or no record before B.
    mutating func toolRollBack(_ slot: Slot, before build: String) -> Outcome {
        let entries = history[slot, default: []]
        guard records[slot] != nil || !entries.isEmpty else { return .toolExit(66) }
        guard stampedBuild(slot) == build else { return .toolExit(65) }
        guard let index = entries.firstIndex(where: { $0.build != build }) else { return .toolExit(66) }
        if let refused = refusedAsLive(slot) { return refused }
        putBack(slot, index)
        forgetLogFilesIfLastClosed(closingOneThatHeldThem: true)
        return .toolExit(0)
    }

    /// The tool's rollback of a scene a process has on screen: refused (74) before the file is
    /// opened for writing; nil when it is on screen nowhere.
    private func refusedAsLive(_ slot: Slot) -> Outcome? {
        publishedElsewhere(than: Self.toolProcess).contains(slot) ? .toolExit(74) : nil
    }
}
