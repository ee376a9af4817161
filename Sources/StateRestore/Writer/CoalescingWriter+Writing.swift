import JSON
import StateStore

extension CoalescingWriter {
    func windowEnded() {
        state.withLock { $0.isScheduled = false }
        do {
            _ = try writePending()
        } catch {
            // Kept pending with the error recorded; try again one window later.
            let mustSchedule = state.withLock { pending in
                guard !pending.isScheduled, !pending.entries.isEmpty else { return false }
                pending.isScheduled = true
                return true
            }
            if mustSchedule {
                scheduler.schedule(after: window) { [weak self] in self?.windowEnded() }
            }
        }
    }

    /// Opens the writer's connection on the restorer's file: refused with the opening's reason
    /// (a dangling link, a link to a damaged or foreign file), and never creating a file that
    /// existed once and has moved or vanished since (``StoreError/fileMoved(path:)``).
    func openStore() throws -> Store {
        let target = location.withLock { $0 }
        // A file that moved (or was removed) is refused, until the same file (device and inode)
        // is back at its path: then it is opened again, as a restore or a hand save reopens it.
        if let refusal = target.refusal {
            guard case .fileMoved = refusal, let identity = target.file.identity, DatabaseFile.identity(at: target.path) == identity else { throw refusal }
        }
        var configuration = configuration
        if let identity = target.file.identity {
            guard DatabaseFile.identity(at: target.path) == identity else { throw StoreError.fileMoved(path: target.path) }
            if configuration.access == .readWrite(createIfMissing: true) { configuration.access = .readWrite(createIfMissing: false) }
        }
        let store = try Store(file: target.file, configuration: configuration, migrator: StateMigrations.makeMigrator(migrations: configuration.migrations))
        if target.file.identity == nil {
            let identity = DatabaseFile.identity(at: target.path)
            location.withLock { if $0.path == target.path, $0.file.identity == nil { $0.identify(as: identity) } }
        }
        return store
    }

    /// Writes what is pending in one transaction and returns the scenes it skipped. While
    /// suspended it writes nothing; with `refusingHeldSaves` (a flush) it then throws
    /// ``RestoreError/savesNotWritten(_:scenes:)`` for the saves held, decided under the same
    /// lock that suspension and close take, so a flush racing a suspension never answers
    /// success for a save it did not write.
    func writePending(includingUses: Bool = false, refusingHeldSaves: Bool = false) throws -> [SceneKey] {
        // The saves this write settled, their events delivered once the connection's lock is
        // released (a handler may flush or save).
        var settled: [(key: ScreenKey, outcome: SaveOutcome, bytes: Int, duration: Duration)] = []
        defer {
            for save in settled { diagnosis.deliverSave(kind: save.key.kind, save.key.scene, save.outcome, bytes: save.bytes, duration: save.duration) }
        }
        return try store.withLock { connection in
            let hasPending = state.withLock { !$0.entries.isEmpty || (includingUses && !$0.uses.isEmpty) }
            let store: Store
            switch connection {
            case .closed, .suspended:
                if refusingHeldSaves, let reason = Self.holdingReason(connection), state.withLock({ !$0.entries.isEmpty }) {
                    throw RestoreError.savesNotWritten(reason, scenes: pendingScenes)
                }
                if case .closed = connection { throw RestoreError.databaseUnusable("the coalescing writer is closed") }
                return []
            case .unopened:
                guard hasPending else { return [] }
                do {
                    // A restorer that only reads never attempts a write: its saves stay pending, refused.
                    guard configuration.access != .readOnly else { throw StateRestorer.readsOnlyRefusal }
                    // The launch handed a long migration to the background: the saves wait for it.
                    guard !DeferredMigration.isRunning(file) else {
                        throw RestoreError.databaseUnusable("the database is being migrated in the background; the saves wait for it")
                    }
                    store = try openStore()
                    store.removeStaleStagingFiles()
                } catch {
                    state.withLock { $0.lastError = error }
                    throw error
                }
                connection = .open(store)
            case .open(let open): store = open
            }
            let (batch, uses) = state.withLock { pending in
                defer { pending.entries.removeAll(keepingCapacity: true) }
                // Use times ride along with any write, and go by themselves only at a flush.
                let uses = !pending.entries.isEmpty || includingUses ? pending.uses : [:]
                if !uses.isEmpty { pending.uses = [:] }
                return (pending.entries, uses)
            }
            guard !batch.isEmpty || !uses.isEmpty else { return [] }
            // Each save's outcome, bytes written (zero when skipped) and time (encode and
            // statement; the commit is the batch's), in one list: nothing hashed per save.
            var results: [(key: ScreenKey, skipped: UnwrittenSave.Reason?, oversized: RecordSizeBreakdown?, bytes: Int, duration: Duration)] = []
            do {
                try store.writeTransaction {
                    results.removeAll(keepingCapacity: true)
                    results.reserveCapacity(batch.count)
                    for (key, entry) in batch {
                        let start = ContinuousClock.now
                        var written: (bytes: Int, oversized: RecordSizeBreakdown?) = (0, nil)
                        var skipped: UnwrittenSave.Reason?
                        do {
                            // The state's existential is opened: the codec runs for its concrete kind.
                            written = try RecordSaving.save(entry.state, for: key.scene, after: entry.sighting, replacingNewer: false, in: store)
                        } catch {
                            guard let reason = UnwrittenSave.Reason(refusal: error) else { throw error }
                            skipped = reason
                        }
                        results.append((key, skipped, written.oversized, written.bytes, start.duration(to: .now)))
                    }
                    try store.noteScenesUsed(uses.keys.map { (account: $0.account, scene: $0.scene) }, at: uses.values.max() ?? store.currentTime())
                }
            } catch {
                // A damaged file is a typed outcome (the next launch moves it aside), not a raw
                // SQLite message.
                let failure: any Error = (error as? StoreError).flatMap { $0.indicatesDamage ? StoreError.corrupt(path: store.path, reason: $0.message) : nil } ?? error
                // A file gone from its path since this connection opened it: the connection is
                // let go (closed without its checkpoint), and the next write opens the path
                // again, which refuses until the same file is back.
                if case StoreError.fileMoved? = error as? StoreError {
                    store.close()
                    connection = .unopened
                }
                settled = restore(batch, after: failure).map { (key: $0, outcome: .coalescedAway, bytes: 0, duration: .zero) }
                state.withLock { pending in pending.uses.merge(uses) { newer, _ in newer } }
                throw failure
            }
            settled = results.map { result in
                let outcome = result.skipped.map(SaveOutcome.init) ?? (result.oversized == nil ? .written : .writtenOversized)
                return (key: result.key, outcome: outcome, bytes: result.bytes, duration: result.duration)
            }
            state.withLock { pending in
                pending.writesCommitted += 1
                pending.lastError = nil
                for result in results {
                    // Set, or removed where something was there (a removal from an empty
                    // dictionary still hashes the key).
                    if let reason = result.skipped {
                        pending.unwritten[result.key] = reason
                        continue
                    }
                    if !pending.unwritten.isEmpty { pending.unwritten[result.key] = nil }
                    if let oversized = result.oversized {
                        pending.oversized[result.key] = oversized
                    } else if !pending.oversized.isEmpty {
                        pending.oversized[result.key] = nil
                    }
                }
                for save in settled { pending.saveCounts.add(save.outcome, kind: save.key.kind, bytes: save.bytes, duration: save.duration) }
            }
            return results.compactMap { $0.skipped == nil ? nil : $0.key.scene }.sorted { $0.precedes($1) }
        }
    }

    /// Puts a failed batch back, except scenes saved again since (their newer state wins):
    /// those are counted as coalesced away and returned, for their events.
    func restore(_ batch: [ScreenKey: Entry], after error: any Error) -> [ScreenKey] {
        state.withLock { pending in
            var replaced: [ScreenKey] = []
            for (key, entry) in batch {
                guard pending.entries[key] == nil else {
                    // Saved again since: this one is coalesced away.
                    pending.saveCounts.add(SaveOutcome.coalescedAway, kind: key.kind, bytes: 0, duration: .zero)
                    replaced.append(key)
                    continue
                }
                pending.entries[key] = entry
            }
            pending.lastError = error
            return replaced
        }
    }
}
