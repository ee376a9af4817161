import Foundation
import JSON
import StateStore

extension StateRestorer {
    /// A decoded state before reconciliation, with the report so far.
    ///
    /// The state is its last stored property: the fields before it have offsets the compiler
    /// knows whatever `State` is, so reading them asks the runtime for no type metadata (with
    /// the state first, each read of a later field did, seven times a restore).
    struct Loaded<State> {
        var report: [RestoreReportEntry]
        /// What the restore saw, for the write gate: the fields it carries, the account's
        /// sign-out generation and the file's discard epoch it read (nil when it read none),
        /// and whether it could not read the file (the stored record, if any, was not seen).
        var sighting: WriteGate.Sighting
        /// The stored record's bytes, when one was read.
        var bytesRead: Int
        /// This restore found the file damaged and moved it aside.
        var movedAside: Bool
        /// The report entry saying the kind's name breaks the rules (a warning), or nil.
        var invalidKind: RestoreReportEntry?
        /// The screen's key, when the load made one (its restoration keeps it).
        var screen: ScreenKey?
        /// The decoded state (the default one when nothing could be used).
        var state: State

        init(
            state: State, report: [RestoreReportEntry], sighting: WriteGate.Sighting = WriteGate.Sighting(), bytesRead: Int = 0,
            movedAside: Bool = false, invalidKind: RestoreReportEntry? = nil, screen: ScreenKey? = nil
        ) {
            self.report = report
            self.sighting = sighting
            self.bytesRead = bytesRead
            self.movedAside = movedAside
            self.invalidKind = invalidKind
            self.screen = screen
            self.state = state
        }
    }

    /// `key`'s state of kind `type` as stored, decoded, with its screen's key.
    func load<State: RestorableState>(_ type: State.Type, _ key: SceneKey) -> Loaded<State> {
        let screen = ScreenKey(scene: key, kind: State.kind)
        // Read in this function itself: each generic function the result passes through asks
        // the runtime for its type's metadata.
        var loaded = restoring.withLock { side -> Loaded<State> in
            reopenIfUnavailable(&side)
            defer { Self.releaseReadOnlyConnection(&side) }
            // A restore waits at most the launch budget for another process's lock.
            side.store?.setBusyTimeout(milliseconds: min(configuration.launchBudgetMilliseconds, configuration.busyTimeoutMilliseconds))
            defer { side.store?.setBusyTimeout(milliseconds: configuration.busyTimeoutMilliseconds) }
            do {
                var loaded = try loadFromStore(State.self, screen, &side)
                side.restoredScreens.insert(screen)
                if side.store == nil && side.databaseReport.contains(where: { RestoreCode.fileNotRead.contains($0.code) }) {
                    loaded.sighting.isUnseen = true
                }
                side.gate.noteRestore(of: screen, loaded.sighting)
                // The file's key, asked once for both notes below (each ask takes the location's lock).
                let fileKey = self.fileKey
                // A closed restorer notes no use (its file may since have been replaced).
                if !side.isClosed { ScenesInUse.note(key, atFile: fileKey) }
                // Reading the account again is signing back in, for every restorer of the process.
                if loaded.sighting.generation != nil { SignedOutAccounts.forget(key.account, atFile: fileKey) }
                if let invalid = Self.invalidNames(State.self) {
                    loaded.report.insert(invalid, at: 0)
                    loaded.invalidKind = invalid
                }
                return loaded
            } catch let error as StoreError where error.indicatesDamage {
                recoverFromCorruption(&side, reason: error.message)
                return Loaded<State>(state: State.defaultValue, report: side.databaseReport, movedAside: true)
            } catch StoreError.corrupt(_, let reason) {
                recoverFromCorruption(&side, reason: reason)
                return Loaded<State>(state: State.defaultValue, report: side.databaseReport, movedAside: true)
            } catch {
                let entry =
                    (error as? StoreError).flatMap { $0.isBusy ? LaunchDatabase.busy(configuration, $0) : nil }
                    ?? RestoreReportEntry(.databaseUnavailable, "the stored state could not be read: \(error.localizedDescription)")
                let loaded = Loaded<State>(state: State.defaultValue, report: side.databaseReport + [entry], sighting: WriteGate.Sighting(isUnseen: true))
                // The screen's saves keep carrying what its earlier restore read, if any.
                var noted = loaded.sighting
                noted.carried = side.gate.sighting(of: screen)?.carried ?? JSONObject()
                side.gate.noteRestore(of: screen, noted)
                return loaded
            }
        }
        loaded.screen = screen
        return loaded
    }

    func loadFromStore<State: RestorableState>(
        _ type: State.Type, _ screen: ScreenKey, _ side: inout RestoreSide
    ) throws -> Loaded<State> {
        let key = screen.scene
        if side.isClosed {
            // The default state says why, as every restore that reads nothing does: a closed
            // restorer's empty report read as "applied exactly". Closed comes before suspended:
            // a restorer suspended, then closed, is closed for good (model sequence
            // Fixtures/sequences/restore-after-close-says-why.txt).
            let closed = RestoreReportEntry(.databaseUnavailable, "the restorer was closed (close()); nothing is read again and the default state was used")
            return Loaded(state: State.defaultValue, report: [closed], sighting: WriteGate.Sighting(isUnseen: true))
        }
        if side.isSuspended {
            let suspended = RestoreReportEntry(.restorerSuspended, "the app is suspended (its connections are closed until resume()); the default state was used")
            return Loaded(state: State.defaultValue, report: [suspended], sighting: WriteGate.Sighting(isUnseen: true))
        }
        guard let store = side.store else { return Loaded(state: State.defaultValue, report: side.databaseReport) }
        if let skipped = try crashLoopGuard(screen, in: store, &side) {
            let read = try store.recordAndGeneration(account: key.account, scene: key.scene, kind: State.kind)
            return Loaded(state: State.defaultValue, report: side.databaseReport + skipped, sighting: WriteGate.Sighting(generation: read.generation, discardEpoch: read.discardEpoch))
        }
        // The record, and the account's sign-out generation as it was then: this screen's saves
        // are dropped after a sign-out that advances it, in this process or another.
        // (No closure over what was read: each copied the record's names and payload, and
        // destroying the copies cost 1.2 k instructions a restore.)
        let read = try store.recordAndGeneration(account: key.account, scene: key.scene, kind: State.kind)
        let seen = WriteGate.Sighting(generation: read.generation, discardEpoch: read.discardEpoch)
        var report = side.databaseReport
        guard let record = read.record else {
            report.append(RestoreReportEntry(.noRecord, "\(key) has no saved state; the default state was used"))
            return Loaded(state: State.defaultValue, report: report, sighting: seen)
        }
        phaseObserver?(.read)
        // A record saved more than a day ago is marked used now (for removeScenes(unusedFor:)),
        // with the writer's next write: a launch makes no commit for it.
        // The configuration's clock (the wall clock unless a test set one), read once.
        let now = configuration.clock()
        if now - record.updatedAt > Self.useGranularitySeconds && !readsOnly { persistence.writer.noteUse(of: key, at: now) }
        let reading = RecordReading<State>(
            record.payload, savedAt: record.updatedAt, readerOf: State.currentVersion, lifetime: State.declaredLifetime.map(\.inSeconds), now: now,
            decode: RecordCodec<State>.decode)
        phaseObserver?(.decode)
        if case .decoded(let state, let provenance, let unknownFields) = reading {
            report += Self.entries(for: provenance, currentVersion: State.currentVersion)
            // The record is about to be applied: only now is there something to blame.
            if !readsOnly {
                side.uncompletedScreens.insert(screen)
                if let unguarded = mark(screen, applying: record, &side) { report.append(unguarded) }
            }
            phaseObserver?(.mark)
            return Loaded(
                state: state, report: report, sighting: WriteGate.Sighting(generation: read.generation, discardEpoch: read.discardEpoch, carried: unknownFields),
                bytesRead: record.payload.count)
        }
        var disposition = RecordReading<State>.Disposition.leftByReadingRestore
        // Only a record of this build's formats moves: a newer release's must find its own.
        if let quarantine = reading.quarantine, !readsOnly {
            disposition = try Self.moveToQuarantine(key, kind: State.kind, quarantine, in: store)
        }
        report += reading.entries(readerOf: State.currentVersion, state: "\(State.self)", disposition: disposition)
        // A record was read: the outcome counts its bytes.
        return Loaded(state: State.defaultValue, report: report, sighting: seen, bytesRead: record.payload.count)
    }

    /// Moves the record a restore could not use to the quarantine, or says why it stays: the
    /// record was read, so a refused move (a launch that could only read, a full disk, another
    /// process's lock) leaves it for the next launch, and the screen keeps what it saw (its
    /// generation and discard epoch fence its later saves as any restore's do). Damage throws,
    /// for the restore to move the file aside.
    private static func moveToQuarantine<State>(
        _ key: SceneKey, kind: String, _ quarantine: (reason: QuarantineReason, error: String), in store: Store
    ) throws -> RecordReading<State>.Disposition {
        if store.isReadOnly { return .keptInPlace(refusal: "this launch could open the database only for reading") }
        do {
            return .quarantined(id: try store.quarantineRecord(account: key.account, scene: key.scene, kind: kind, reason: quarantine.reason, error: quarantine.error))
        } catch let error as StoreError where error.isSQLiteFailure && !error.indicatesDamage {
            return .keptInPlace(refusal: error.message)
        }
    }

    static func entries(for provenance: RecordProvenance, currentVersion: Int) -> [RestoreReportEntry] {
        var entries: [RestoreReportEntry] = []
        if let minimum = provenance.readThroughMinReaderVersion {
            entries.append(
                RestoreReportEntry(
                    .recordNewerRead,
                    "the record has format \(provenance.sourceVersion), newer than this build, and was read as format \(currentVersion) through its minReaderVersion \(minimum); fields this build does not know are kept"
                ))
        } else if provenance.sourceVersion < currentVersion {
            entries.append(RestoreReportEntry(.recordUpgraded, "the record was upgraded from format \(provenance.sourceVersion) to \(currentVersion)"))
        }
        if !provenance.defaultsApplied.isEmpty {
            entries.append(RestoreReportEntry(.defaultsApplied, "absent fields got their defaults: \(provenance.defaultsApplied.joined(separator: ", "))"))
        }
        return entries
    }
}
