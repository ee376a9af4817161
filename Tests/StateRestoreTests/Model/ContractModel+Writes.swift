import StateRestore

extension ContractModel {
    /// Why a write was not done; a write not done is never silent.
    enum Refusal: Equatable {
        case accountSignedOut
        case sceneDiscarded
        case newerRecordKept(version: Int)
        case existingRecordKept
        /// Over the kind's declared budget (``ModelNote/maxRecordBytes``).
        case overBudget

        /// The `UnwrittenSave.Reason` a persisted save reports.
        var reason: String {
            switch self {
            case .accountSignedOut: "accountSignedOut"
            case .sceneDiscarded: "sceneDiscarded"
            case .newerRecordKept(let version): "newerRecordKept(\(version))"
            case .existingRecordKept: "storedRecordNotSeen"
            case .overBudget: "overBudget"
            }
        }

        /// The error a hand save throws.
        var error: String {
            switch self {
            case .accountSignedOut: "accountSignedOut"
            case .sceneDiscarded: "sceneDiscarded"
            case .newerRecordKept(let version): "wouldReplaceNewerRecord(\(version))"
            case .existingRecordKept: "existingRecordKept"
            case .overBudget: "recordOverBudget"
            }
        }
    }

    /// A save of `note` for `slot`, carrying `carried`, after `sighting` (the write gate):
    /// fenced at the generation the screen's restore captured; a newer record is never
    /// lowered, displaced or lost (one read through its `minReaderVersion` is written back as
    /// its own format); a record the restore could not see is never written over.
    mutating func write(_ note: ModelNote, to slot: Slot, carrying carried: Carried, after sighting: Sighting?, by build: String?) -> Refusal? {
        // The budget is checked on the encoded record, before the gate reads the file.
        if note.title.count > ModelNote.longTitle { return .overBudget }
        let sighting = sighting ?? Sighting()
        if let fence = sighting.generation, generation(slot.account) > fence { return .accountSignedOut }
        // Discarded (or pruned) after the sighting, in any restorer or process.
        if let epoch = sighting.discardEpoch, let fence = discardFences[slot], fence > epoch { return .sceneDiscarded }
        let format = carried.newerFormat ?? (version: ModelNote.currentVersion, minReaderVersion: ModelNote.minReaderVersion)
        if let stored = records[slot] {
            if sighting.isUnseen { return .existingRecordKept }
            // Of a newer format than this save writes: never lowered, displaced or lost. A
            // record this screen's restore read through its minReaderVersion is written back
            // as its own format, so only a record newer still is kept.
            if stored.version > format.version { return .newerRecordKept(version: stored.version) }
        }
        let record = Record(version: format.version, minReaderVersion: format.minReaderVersion, body: .fields(note, extra: carried.extra), updatedAt: now)
        keepHistory(writing: record, to: slot, by: build)
        records[slot] = record
        return nil
    }

    /// The sighting a save of `slot` by `r` follows (the gate's): its latest restore's; a screen
    /// never restored captures the account's generation and the file's discard epoch at its
    /// first save (neither while the restorer is closed or suspended). While its process has
    /// signed the account out (and not restored it since), the generation is the sign-out's,
    /// for that save only, and the discard epoch the screen's first save captured is kept.
    mutating func sightingForSave(_ r: Int, _ slot: Slot) -> Sighting {
        let available = !restorers[r].isClosed && !restorers[r].isSuspended
        var sighting = restorers[r].sightings[slot] ?? Sighting()
        guard sighting.generation == nil else { return sighting }
        if let fence = signOutFence(r, slot.account) {
            if sighting.discardEpoch == nil, available {
                sighting.discardEpoch = discardEpoch
                restorers[r].sightings[slot] = sighting
            }
            sighting.generation = fence
        } else {
            sighting.generation = available ? generation(slot.account) : nil
            sighting.discardEpoch = sighting.discardEpoch ?? (available ? discardEpoch : nil)
            restorers[r].sightings[slot] = sighting
        }
        return sighting
    }

    /// `StateRestorer.save(_:for:)`: now, under the gate's rules for the screen (a screen never
    /// restored captures the account's generation at its first save).
    mutating func save(_ r: Int, _ slot: Slot, _ note: ModelNote) -> Outcome {
        reopenIfWritable(r)
        restorers[r].noteUse(of: slot, inProcess: &scenesInUse)
        let sighting = sightingForSave(r, slot)
        guard !restorers[r].isClosed, !restorers[r].isSuspended else { return .threw("databaseUnusable") }
        if restorers[r].isOrphaned { return saveIntoRemovedFile(r, note) }
        if let refusal = write(note, to: slot, carrying: restorers[r].carried[slot] ?? .none, after: sighting, by: restorers[r].build) { return .threw(refusal.error) }
        // A save written ends the screen's unwritten entry ("until the screen's next save is
        // written"), a hand save's as a persisted one's.
        restorers[r].unwritten[slot] = nil
        return .done
    }

    /// `persist(from:turns:_:)` of the restorer's latest restoration of `slot`.
    mutating func persist(_ r: Int, _ slot: Slot) -> Outcome {
        guard let restoration = restorers[r].restorations[slot] else { return .skipped }
        restorers[r].noteUse(of: slot, inProcess: &scenesInUse)
        restorers[r].uncompleted.remove(slot)
        restorers[r].pendingCompletions.insert(slot)
        trackings.append(
            Tracking(
                restorer: r, slot: slot, current: restoration.note, lastSaved: restoration.note, ownCarried: restoration.carried,
                ownSighting: restoration.sighting))
        publish(process(of: r))
        return .done
    }

    /// The model changes: the observation schedules one turn.
    mutating func change(_ t: Int, _ note: ModelNote) -> Outcome {
        guard trackings.indices.contains(t) else { return .skipped }
        trackings[t].current = note
        if trackings[t].isObserving && !trackings[t].isStopped {
            trackings[t].isObserving = false
            turns.append(t)
        }
        return .done
    }

    /// One tracking reads its state: a value that differs from the last saved goes to its
    /// restorer's writer, with the rules of the screen's latest restore.
    mutating func refresh(_ t: Int, observing: Bool) {
        let tracking = trackings[t]
        guard !tracking.isStopped else { return }
        if tracking.current != tracking.lastSaved {
            let restorer = restorers[tracking.restorer]
            let carried = restorer.restored.contains(tracking.slot) ? restorer.carried[tracking.slot] ?? .none : tracking.ownCarried
            var sighting = restorer.sightings[tracking.slot] ?? tracking.ownSighting
            // A restore that captured no fences (suspended, unavailable, a landing refused):
            // the first save captures them, as a hand save's does.
            if sighting.generation == nil {
                reopenIfWritable(tracking.restorer)
                let captured = sightingForSave(tracking.restorer, tracking.slot)
                sighting.generation = captured.generation
                sighting.discardEpoch = captured.discardEpoch ?? sighting.discardEpoch
            }
            enqueue(tracking.restorer, tracking.slot, Pending(note: tracking.current, carried: carried, sighting: sighting))
        }
        trackings[t].lastSaved = tracking.current
        if observing { trackings[t].isObserving = true }
    }

    mutating func enqueue(_ r: Int, _ slot: Slot, _ pending: Pending) {
        restorers[r].pending[slot] = pending
        restorers[r].isScheduled = true
    }

    /// The main actor's pending turns run: this process's, or child `child`'s.
    mutating func runTurns(ofChild child: Int? = nil) -> Outcome {
        // In the order they were scheduled, as the main actor runs them.
        let (due, later) = turns.reduce(into: ([Int](), [Int]())) { split, t in
            let r = trackings[t].restorer
            let isDue = child.map { r == $0 } ?? !restorers[r].isChild
            if isDue { split.0.append(t) } else { split.1.append(t) }
        }
        turns = later
        for t in due { refresh(t, observing: true) }
        // The turns that complete restores run too.
        for r in restorers.indices where child.map({ r == $0 }) ?? !restorers[r].isChild { completePending(r) }
        return .done
    }

    /// The restores the restorer's `persist` calls were about to complete are completed (the
    /// screen's latest restore, whichever it is).
    mutating func completePending(_ r: Int) {
        for slot in restorers[r].pendingCompletions { restorers[r].uncompleted.remove(slot) }
        restorers[r].pendingCompletions = []
    }

    /// Each live tracking of the restorer hands over its current state (a final write), after
    /// the restores its `persist` calls were about to complete are completed.
    mutating func handOver(_ r: Int) {
        completePending(r)
        for t in trackings.indices where trackings[t].restorer == r { refresh(t, observing: false) }
    }

    /// The writer's coalesced write: every pending save in one transaction, the use times with
    /// any write (alone only at a flush). Returns the scenes skipped, or the error.
    mutating func writePending(_ r: Int, includingUses: Bool) -> Result<[Slot], ModelFailure> {
        if restorers[r].writerClosed { return .failure(ModelFailure("databaseUnusable")) }
        if restorers[r].isSuspended { return .success([]) }
        // An orphan's writer finds its file gone (under the write lock, or at its open): the
        // saves and use times stay pending.
        if restorers[r].isOrphaned && (!restorers[r].pending.isEmpty || (includingUses && !restorers[r].uses.isEmpty)) {
            return .failure(ModelFailure("fileMoved"))
        }
        var restorer = restorers[r]
        let uses = !restorer.pending.isEmpty || includingUses ? restorer.uses : [:]
        if !uses.isEmpty { restorer.uses = [:] }
        let batch = restorer.pending
        restorer.pending = [:]
        // The writer's connection opens at its first write.
        if !batch.isEmpty || !uses.isEmpty { restorer.writerIsOpen = true }
        restorers[r] = restorer
        var skipped: [Slot] = []
        for (slot, pending) in batch {
            let refusal = write(pending.note, to: slot, carrying: pending.carried, after: pending.sighting, by: restorers[r].build)
            restorers[r].unwritten[slot] = refusal?.reason
            if refusal != nil { skipped.append(slot) }
        }
        if let time = uses.values.max() {
            for slot in uses.keys { useTimes[slot] = time }
        }
        return .success(skipped.sorted())
    }

    /// The writer's window ends (the test fires it).
    mutating func fireWindows(_ r: Int) -> Outcome {
        guard restorers[r].isScheduled else { return .done }
        restorers[r].isScheduled = false
        if case .failure = writePending(r, includingUses: false), !restorers[r].pending.isEmpty { restorers[r].isScheduled = true }
        return .done
    }

    /// `flush()`: hands over, writes everything pending, returns the scenes skipped. While
    /// suspended, or once closed, it writes nothing and says so, naming every scene with a save
    /// waiting; it never answers success for a save it did not write.
    mutating func flush(_ r: Int) -> Outcome {
        handOver(r)
        if (restorers[r].isSuspended || restorers[r].writerClosed) && !restorers[r].pending.isEmpty {
            return .threw("savesNotWritten(\(restorers[r].pending.keys.sorted()))")
        }
        switch writePending(r, includingUses: true) {
        case .success(let skipped): return .scenes(skipped)
        case .failure(let failure): return .threw(failure.description)
        }
    }
}

/// An error the model predicts, by name.
struct ModelFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension ContractModel.Restorer {
    /// `slot` in use by this restorer's process (``ContractModel/unusedScenes(before:sparing:)``
    /// spares it), by a restore, a save or a persist whatever their outcome: this process's
    /// `scenesInUse`, or a child's own. A closed restorer notes nothing, having no file any more
    /// (the one it had may have been replaced since), nor does an orphan (its notes are of the
    /// removed file).
    mutating func noteUse(of slot: ContractModel.Slot, inProcess scenesInUse: inout Set<ContractModel.Slot>) {
        guard !isClosed, !isOrphaned else { return }
        if !isChild { scenesInUse.insert(slot) } else { inUse.insert(slot) }
    }
}
