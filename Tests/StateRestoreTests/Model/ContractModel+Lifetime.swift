import StateRestore

extension ContractModel {
    /// A new restorer of the file in this process (a relaunch, or a second one beside).
    mutating func launch() -> Outcome {
        restorers.append(Restorer(build: build))
        return .done
    }

    /// `close()`: flushes (handing over the live trackings), then closes, even when the flush
    /// throws; nothing opens again.
    mutating func close(_ r: Int) -> Outcome {
        handOver(r)
        // Closing while suspended writes what waited for resume: nothing is dropped silently.
        restorers[r].isSuspended = false
        let written = writePending(r, includingUses: true)
        restorers[r].isClosed = true
        restorers[r].writerClosed = true
        if case .failure(let failure) = written { return .threw(failure.description) }
        return .done
    }

    /// `suspend()`: a final write, then every connection closed; saves wait in memory.
    mutating func suspend(_ r: Int) -> Outcome {
        handOver(r)
        let written = writePending(r, includingUses: true)
        // A closed restorer stays closed ("nothing opens again").
        if !restorers[r].isClosed {
            restorers[r].isSuspended = true
            // Resuming opens the file as a launch does: its next restore checks for crashes again.
            restorers[r].crashCheck = nil
        }
        if case .failure(let failure) = written { return .threw(failure.description) }
        return .done
    }

    /// `resume()`: reopens and writes what was saved while suspended.
    mutating func resume(_ r: Int) -> Outcome {
        guard restorers[r].isSuspended, !restorers[r].isClosed else { return .scenes([]) }
        restorers[r].isSuspended = false
        // What this opening found replaces what the launch's did.
        restorers[r].reportPrefix = []
        return flush(r)
    }

    /// Whether a screen of `slot` is live in this process: a tracking of an open restorer of
    /// the file, neither cancelled nor released, or a restore of an open restorer that applied
    /// a record and was not persisted since.
    func isLive(_ slot: Slot) -> Bool {
        trackings.contains { $0.slot == slot && !$0.isStopped && !restorers[$0.restorer].isClosed && !restorers[$0.restorer].isChild }
            || restorers.contains { !$0.isClosed && !$0.isChild && $0.uncompleted.contains(slot) }
    }

    /// What forgetting a screen's bookkeeping leaves: its sign-out generation.
    mutating func forget(_ r: Int, where isGone: (Slot) -> Bool) {
        var restorer = restorers[r]
        for slot in Array(restorer.pending.keys) where isGone(slot) { restorer.pending[slot] = nil }
        for slot in Array(restorer.unwritten.keys) where isGone(slot) { restorer.unwritten[slot] = nil }
        for slot in Array(restorer.uses.keys) where isGone(slot) { restorer.uses[slot] = nil }
        for slot in Array(restorer.carried.keys) where isGone(slot) { restorer.carried[slot] = nil }
        restorer.uncompleted = restorer.uncompleted.filter { !isGone($0) }
        for (slot, sighting) in restorer.sightings where isGone(slot) { restorer.sightings[slot] = Sighting(generation: sighting.generation) }
        restorer.restored = restorer.restored.filter { !isGone($0) }
        restorers[r] = restorer
    }

    /// `discard(_:)`: refused while the scene is live in this process; otherwise every record
    /// of the scene goes, with its use time and the restorer's bookkeeping of it.
    mutating func discard(_ r: Int, _ slot: Slot) -> Outcome {
        if isLive(slot) { return .threw("sceneIsLive") }
        guard !restorers[r].isClosed, !restorers[r].isSuspended else { return .threw("databaseUnusable") }
        let removed = records.removeValue(forKey: slot) == nil ? 0 : 1
        useTimes[slot] = nil
        forget(r) { $0 == slot }
        scenesInUse.remove(slot)
        return .count(removed)
    }

    /// Everything stored for `account` goes and its generation advances (`purge`).
    mutating func purge(_ account: String) -> Int {
        let slots = records.keys.filter { $0.account == account }
        for slot in slots {
            records[slot] = nil
            useTimes[slot] = nil
        }
        quarantine.removeAll { $0.slot.account == account }
        shelves[account] = nil
        generations[account] = generation(account) + 1
        // "A purged account leaves nothing to blame": its crash-loop marks go too.
        blame = blame.filter { $0.account != account }
        return slots.count
    }

    /// `signOut(account:)`: stops the account's trackings, drops its pending saves, purges.
    mutating func signOut(_ r: Int, _ account: String) -> Outcome {
        for t in trackings.indices where trackings[t].restorer == r && trackings[t].slot.account == account { trackings[t].isStopped = true }
        var restorer = restorers[r]
        for slot in Array(restorer.pending.keys) where slot.account == account { restorer.pending[slot] = nil }
        for slot in Array(restorer.unwritten.keys) where slot.account == account { restorer.unwritten[slot] = nil }
        for slot in Array(restorer.uses.keys) where slot.account == account { restorer.uses[slot] = nil }
        restorers[r] = restorer
        guard !restorer.isClosed, !restorer.isSuspended else { return .threw("databaseUnusable") }
        let removed = purge(account)
        if restorer.isChild {
            restorers[r].inUse = restorer.inUse.filter { $0.account != account }
        } else {
            scenesInUse = scenesInUse.filter { $0.account != account }
        }
        forget(r) { $0.account == account }
        return .count(removed)
    }

    /// The scenes whose newest record and use time are both older than `cutoff`, but `spared`.
    func unusedScenes(before cutoff: Double, sparing spared: Set<Slot>) -> [Slot] {
        records.filter { slot, record in max(record.updatedAt, useTimes[slot] ?? 0) < cutoff && !spared.contains(slot) }.keys.sorted()
    }

    /// `removeScenes(unusedFor:)`: the live screens' use noted, everything pending written,
    /// then every scene unused for the age goes, but those this process restored or saved.
    mutating func removeUnused(_ r: Int, days: Int) -> Outcome {
        for tracking in trackings where tracking.restorer == r && !tracking.isStopped { restorers[r].uses[tracking.slot] = now }
        if case .failure(let failure) = writePending(r, includingUses: true) { return .threw(failure.description) }
        guard !restorers[r].isClosed, !restorers[r].isSuspended else { return .threw("databaseUnusable") }
        let removed = unusedScenes(before: now - Double(days) * Self.day, sparing: restorers[r].isChild ? restorers[r].inUse : scenesInUse)
        for slot in removed {
            records[slot] = nil
            useTimes[slot] = nil
        }
        let gone = Set(removed)
        forget(r) { gone.contains($0) }
        return .scenes(removed)
    }

    /// Another build of the kind writes `slot` (its own store, no rules).
    mutating func write(_ slot: Slot, _ build: ModelOperation.Build, serial: Int) -> Outcome {
        records[slot] = ModelWrites.record(build, serial: serial, at: now)
        return .done
    }

    /// `restorectl prune --unused-for Nd` at the model's time: no scene is spared.
    mutating func toolPrune(days: Int) -> Outcome {
        for slot in unusedScenes(before: now - Double(days) * Self.day, sparing: []) {
            records[slot] = nil
            useTimes[slot] = nil
        }
        return .toolExit(0)
    }

    /// `restorectl discard --scene S --account A`.
    mutating func toolDiscard(_ slot: Slot) -> Outcome {
        records[slot] = nil
        useTimes[slot] = nil
        return .toolExit(0)
    }

    /// `restorectl quarantine restore --id N [--replace]`: onto an empty slot only, unless
    /// replacing; bytes untouched, with the time the record had.
    mutating func toolQuarantineRestore(_ entry: Int, replacing: Bool) -> Outcome {
        guard quarantine.indices.contains(entry) else { return .skipped }
        let moved = quarantine[entry]
        if records[moved.slot] != nil && !replacing { return .toolExit(1) }
        records[moved.slot] = Record(
            version: moved.version ?? 1, minReaderVersion: moved.body == nil ? nil : moved.minReaderVersion,
            body: moved.body ?? .raw(moved.payload, .corrupt, ModelNote.defaultValue),
            updatedAt: moved.updatedAt ?? now)
        quarantine.remove(at: entry)
        return .toolExit(0)
    }

    // MARK: The child process

    /// `restorectl-stress model-child`: a restorer of another process.
    mutating func childLaunch() -> Outcome {
        restorers.append(Restorer(isChild: true, build: build))
        return .done
    }

    /// The child's hand save; with a kill point, the child dies by SIGKILL before the save or
    /// right after its commit, never answering: nothing it held in memory is written.
    mutating func childSave(_ r: Int, _ slot: Slot, _ note: ModelNote, kill: ModelOperation.KillPoint?) -> Outcome {
        if kill == .afterCommit { _ = save(r, slot, note) }
        guard kill == nil else {
            killChild(r)
            return .done
        }
        return save(r, slot, note)
    }
}
