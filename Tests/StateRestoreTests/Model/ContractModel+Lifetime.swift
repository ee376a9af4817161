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
        let heldLogFiles = restorers[r].holdsLogFiles
        // Closing while suspended writes what waited for resume: nothing is dropped silently.
        restorers[r].isSuspended = false
        let written = writePending(r, includingUses: true)
        let closesLogFiles = heldLogFiles || restorers[r].writerIsOpen
        restorers[r].isClosed = true
        restorers[r].writerClosed = true
        restorers[r].writerIsOpen = false
        forgetLogFilesIfLastClosed(closingOneThatHeldThem: closesLogFiles)
        publish(process(of: r))
        if case .failure(let failure) = written { return .threw(failure.description) }
        return .done
    }

    /// `suspend()`: a final write, then every connection closed; saves wait in memory.
    mutating func suspend(_ r: Int) -> Outcome {
        handOver(r)
        let written = writePending(r, includingUses: true)
        // A closed restorer stays closed ("nothing opens again").
        if !restorers[r].isClosed {
            let heldLogFiles = restorers[r].holdsLogFiles
            restorers[r].isSuspended = true
            restorers[r].writerIsOpen = false
            forgetLogFilesIfLastClosed(closingOneThatHeldThem: heldLogFiles)
            publish(process(of: r))
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
        publish(process(of: r))
        // What this opening found replaces what the launch's did.
        restorers[r].reportPrefix = []
        return flush(r)
    }

    /// Whether a screen of `slot` is live in this process: a tracking of an open restorer of
    /// the file, neither cancelled nor released, or a restore of an open restorer that applied
    /// a record and was not persisted since. An orphan's screens are of the removed file.
    func isLive(_ slot: Slot) -> Bool {
        trackings.contains { $0.slot == slot && !$0.isStopped && !restorers[$0.restorer].isClosed && !restorers[$0.restorer].isChild && !restorers[$0.restorer].isOrphaned }
            || restorers.contains { !$0.isClosed && !$0.isChild && !$0.isOrphaned && $0.uncompleted.contains(slot) }
    }

    /// What forgetting a screen's bookkeeping leaves: its sign-out generation.
    mutating func forget(_ r: Int, where isGone: (Slot) -> Bool) {
        var restorer = restorers[r]
        for slot in Array(restorer.pending.keys) where isGone(slot) { restorer.pending[slot] = nil }
        for slot in Array(restorer.unwritten.keys) where isGone(slot) { restorer.unwritten[slot] = nil }
        for slot in Array(restorer.uses.keys) where isGone(slot) { restorer.uses[slot] = nil }
        for slot in Array(restorer.carried.keys) where isGone(slot) { restorer.carried[slot] = nil }
        restorer.uncompleted = restorer.uncompleted.filter { !isGone($0) }
        for (slot, sighting) in restorer.sightings where isGone(slot) {
            restorer.sightings[slot] = Sighting(generation: sighting.generation, discardEpoch: sighting.discardEpoch)
        }
        restorer.restored = restorer.restored.filter { !isGone($0) }
        restorers[r] = restorer
    }

    /// Forgets the scenes `isGone` names from the uses of `r`'s process (this one's
    /// `scenesInUse`, a child's own): a discard or sign-out forgets the discarding process's
    /// uses, never another's.
    mutating func forgetUses(in r: Int, where isGone: (Slot) -> Bool) {
        if restorers[r].isChild {
            restorers[r].inUse = restorers[r].inUse.filter { !isGone($0) }
        } else {
            scenesInUse = scenesInUse.filter { !isGone($0) }
        }
    }

    /// `discard(_:)`: refused while the scene is live in this process; otherwise every record
    /// of the scene goes, with its use time and the restorer's bookkeeping of it.
    mutating func discard(_ r: Int, _ slot: Slot) -> Outcome {
        // A closed restorer is refused first (its file may have been replaced since).
        if restorers[r].isClosed { return .threw("databaseUnusable") }
        // On screen in the discarding process (this one: any restorer's tracking; a child: its
        // own), or published live by another process.
        let liveHere = restorers[r].isChild ? trackings.contains { $0.restorer == r && !$0.isStopped && !restorers[r].isClosed && $0.slot == slot } : isLive(slot)
        if liveHere || publishedElsewhere(than: process(of: r)).contains(slot) { return .threw("sceneIsLive") }
        guard !restorers[r].isClosed, !restorers[r].isSuspended else { return .threw("databaseUnusable") }
        reopenIfWritable(r)
        let removed = records.removeValue(forKey: slot) == nil ? 0 : 1
        useTimes[slot] = nil
        fenceDiscarded([slot])
        forget(r) { $0 == slot }
        dropDeletedElsewhere(by: r) { $0 == slot }
        // The discarding process forgets its use of the scene; another process's use stays
        // (model sequence Fixtures/sequences/a-discard-in-another-process-leaves-this-processs-use-of-the-scene.txt).
        forgetUses(in: r) { $0 == slot }
        return .count(removed)
    }

    /// A discard or prune by `r`: every other open restorer of its process drops its pending
    /// saves of the scenes, each listed as unwritten (`sceneDiscarded`); another process's are
    /// refused by the fence when they are written.
    mutating func dropDeletedElsewhere(by r: Int, where isGone: (Slot) -> Bool) {
        guard !restorers[r].isChild else { return }
        for other in restorers.indices where other != r && !restorers[other].isChild && !restorers[other].isClosed && !restorers[other].isOrphaned {
            for slot in Array(restorers[other].pending.keys) where isGone(slot) {
                restorers[other].pending[slot] = nil
                restorers[other].unwritten[slot] = "sceneDiscarded"
            }
        }
    }

    /// `restorectl purge --account A`.
    mutating func toolPurge(_ account: String) -> Outcome {
        _ = purge(account)
        forgetLogFilesIfLastClosed(closingOneThatHeldThem: true)
        return .toolExit(0)
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
        blame = blame.filter { $0.slot.account != account }
        extensionBlame = extensionBlame.filter { $0.slot.account != account }
        return slots.count
    }

    /// `signOut(account:)`: stops the account's trackings, drops its pending saves, purges.
    mutating func signOut(_ r: Int, _ account: String) -> Outcome {
        for t in trackings.indices where trackings[t].restorer == r && trackings[t].slot.account == account { trackings[t].isStopped = true }
        publish(process(of: r))
        var restorer = restorers[r]
        for slot in Array(restorer.pending.keys) where slot.account == account { restorer.pending[slot] = nil }
        for slot in Array(restorer.unwritten.keys) where slot.account == account { restorer.unwritten[slot] = nil }
        for slot in Array(restorer.uses.keys) where slot.account == account { restorer.uses[slot] = nil }
        restorers[r] = restorer
        guard !restorer.isClosed, !restorer.isSuspended else { return .threw("databaseUnusable") }
        reopenIfWritable(r)
        let removed = purge(account)
        // Every restorer of the process fences the account's saves until it restores it again.
        if restorer.isChild { restorers[r].signedOut[account] = generation(account) - 1 } else { signedOutHere[account] = generation(account) - 1 }
        forgetUses(in: r) { $0.account == account }
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
        reopenIfWritable(r)
        let inUse = restorers[r].isChild ? restorers[r].inUse : scenesInUse
        let removed = unusedScenes(before: now - Double(days) * Self.day, sparing: inUse.union(publishedElsewhere(than: process(of: r))))
        for slot in removed {
            records[slot] = nil
            useTimes[slot] = nil
        }
        let gone = Set(removed)
        fenceDiscarded(removed)
        forget(r) { gone.contains($0) }
        dropDeletedElsewhere(by: r) { gone.contains($0) }
        return .scenes(removed)
    }

    /// Another build of the kind writes `slot` (its own store, no rules).
    mutating func write(_ slot: Slot, _ build: ModelOperation.Build, serial: Int) -> Outcome {
        records[slot] = ModelWrites.record(build, serial: serial, at: now)
        forgetLogFilesIfLastClosed(closingOneThatHeldThem: true)
        return .done
    }

    /// `restorectl prune --unused-for Nd` at the model's time: no scene is spared.
    mutating func toolPrune(days: Int) -> Outcome {
        defer { forgetLogFilesIfLastClosed(closingOneThatHeldThem: true) }
        // The scenes on screen in any process are spared.
        let removed = unusedScenes(before: now - Double(days) * Self.day, sparing: publishedElsewhere(than: Self.toolProcess))
        for slot in removed {
            records[slot] = nil
            useTimes[slot] = nil
        }
        fenceDiscarded(removed)
        return .toolExit(0)
    }

    /// `restorectl discard --scene S --account A`.
    mutating func toolDiscard(_ slot: Slot) -> Outcome {
        // It opens the file for writing before it looks at what is live.
        defer { forgetLogFilesIfLastClosed(closingOneThatHeldThem: true) }
        // On screen in a process: refused (74), nothing discarded.
        if publishedElsewhere(than: Self.toolProcess).contains(slot) { return .toolExit(74) }
        records[slot] = nil
        useTimes[slot] = nil
        fenceDiscarded([slot])
        return .toolExit(0)
    }

    /// `restorectl quarantine restore --id N [--replace]`: onto an empty slot only, unless
    /// replacing; bytes untouched, with the time the record had.
    mutating func toolQuarantineRestore(_ entry: Int, replacing: Bool) -> Outcome {
        guard quarantine.indices.contains(entry) else { return .skipped }
        defer { forgetLogFilesIfLastClosed(closingOneThatHeldThem: true) }
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
    mutating func childLaunch(isExtension: Bool = false) -> Outcome {
        restorers.append(Restorer(isChild: true, isExtension: isExtension, build: build))
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

/// Live scenes across processes (issue #37): each process publishes the scenes it has on
/// screen (trackings neither cancelled nor stopped, of restorers neither closed nor suspended)
/// at each change of them, and a discard, prune or the tool refuses or spares what another
/// process published; a killed process publishes nothing.
extension ContractModel {
    /// The tool's process, which publishes nothing: every process is another to it.
    static let toolProcess = -1

    /// The process of restorer `r`: nil for this one, else the child's index.
    func process(of r: Int) -> Int? { restorers[r].isChild ? r : nil }

    /// What process `owner` has on screen now: a suspended restorer's screens too (they are
    /// still on screen when the app comes back).
    func liveNow(in owner: Int?) -> Set<Slot> {
        Set(
            trackings.filter { tracking in
                let restorer = restorers[tracking.restorer]
                return !tracking.isStopped && !restorer.isClosed && !restorer.isOrphaned && process(of: tracking.restorer) == owner
            }.map(\.slot))
    }

    /// `process` publishes what it has on screen: none always (its lock goes); some only where
    /// the file can be written (not a read-only mount; on a full one, only into a file that
    /// exists). While every restorer of this process is suspended or closed it holds no lock:
    /// what it has on screen is held without one, which only a write changes (a held
    /// publication a read-only mount keeps from being written stays as it was), and what it
    /// published under its lock, now let go, is published by nothing unless written as held.
    mutating func publish(_ owner: Int?) {
        let live = liveNow(in: owner)
        // A reader publishes nothing and holds no lock for it.
        let held =
            owner == nil
            && !restorers.indices.contains { !restorers[$0].isChild && !restorers[$0].readsOnly && !restorers[$0].isClosed && !restorers[$0].isSuspended && !restorers[$0].isOrphaned }
        if owner == nil, publishedHereHeld, isReadOnly { return }
        guard live.isEmpty || (!isReadOnly && (liveFileExists || !isFull)) else {
            if owner == nil, held { publishedHere = [] }
            return
        }
        if !live.isEmpty { liveFileExists = true }
        if let owner {
            restorers[owner].published = live
        } else {
            publishedHere = live
            publishedHereHeld = held && !live.isEmpty
        }
    }

    /// The scenes processes other than `owner` published, those of processes alive.
    func publishedElsewhere(than owner: Int?) -> Set<Slot> {
        var slots = owner == nil ? Set<Slot>() : publishedHere
        for c in restorers.indices where restorers[c].isChild && !restorers[c].isClosed && c != owner { slots.formUnion(restorers[c].published) }
        return slots
    }

    /// A tracking is cancelled: nothing more is saved, what it handed over stays pending, and
    /// its process publishes what it still has on screen.
    mutating func cancel(_ t: Int) -> Outcome {
        guard trackings.indices.contains(t) else { return .skipped }
        trackings[t].isStopped = true
        publish(process(of: trackings[t].restorer))
        return .done
    }
}
