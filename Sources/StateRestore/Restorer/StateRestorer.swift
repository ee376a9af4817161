import Foundation
import JSON
import StateStore

/// The one object an app holds per state database file: it restores screens, persists them
/// while they change, flushes and closes.
///
/// A screen's launch is three statements, and nothing else needs calling in order:
///
/// ```swift
/// let restored = restorer.restore(ReaderState.self, key, against: library)
/// let reader = ReaderModel(restored.state)
/// let tracking = restorer.persist(from: restored) { reader.restorableState }
/// ```
///
/// - **Restoring never throws and never crashes the caller**: the worst case is the kind's
///   default state with a report that says why. Nothing it cannot use is thrown away:
///   undecodable records move to the quarantine, newer-format records stay in place, a damaged
///   file is moved aside.
/// - **Persisting completes the restore.** Each restore of a stored record leaves a
///   "restore in progress" mark for its (account, scene, kind); `persist` clears it one
///   main-actor turn after it starts (the screen was built and laid out with the restored state
///   by then, which is where state-driven crashes happen), or at the first
///   ``flush(isolation:)`` if that comes sooner. A screen that does not persist calls
///   ``completeRestore(_:)``. The first restore of a launch treats every mark left in the file
///   as a crash of the previous launch: that record moves to the quarantine and its screen
///   starts from defaults (`restore-crashed`); when the two previous launches both crashed that
///   way, every screen of this launch starts from defaults, records kept.
/// - **Changes are saved without a save call**, coalesced (one write per window, default one
///   second) on a connection of the restorer's own that opens at the first write, so a launch
///   pays for one connection only.
/// - ``flush(isolation:)`` hands over the current state of every live tracking and writes
///   everything pending; ``close(isolation:)`` flushes and closes every connection. Call them
///   when the app goes to the background and when it quits.
///
/// Concurrency: a restorer is `Sendable`. Restores, ``save(_:for:replacingNewer:)``,
/// ``flush(isolation:)`` and ``close(isolation:)`` may be called from any thread or actor
/// (restores are serialised on the restorer's connection); `persist` runs on the main actor,
/// where screens live. Use one restorer per file and launch: its first restore decides what
/// the previous launch left.
public final class StateRestorer: Sendable {
    /// The database file, its symlinks resolved; ``relocate(to:isolation:)`` changes it.
    public var path: String { location.withLock { $0 } }
    /// Where the database file is now.
    let location: Locked<String>
    /// The restore side: the launch connection and what it found.
    let restoring: Locked<RestoreSide>
    /// The coalesced writes of ``persist(from:turns:_:)`` and the trackings that feed them.
    let persistence: RestorerPersistence
    let configuration: DatabaseConfiguration
    /// Called as each phase of a restore ends (set it before the first restore, on the thread
    /// that restores).
    @_spi(Benchmarks) public nonisolated(unsafe) var phaseObserver: ((RestorePhase) -> Void)?

    /// What the launch connection holds between restores.
    struct RestoreSide {
        /// The store, or nil when the database may not be read (newer release, foreign,
        /// unopenable) or the restorer is closed.
        var store: Store?
        /// What opening the database found (newer, foreign, corrupt…); part of every report.
        var databaseReport: [RestoreReportEntry]
        /// What this launch's first restore found about the previous launches; nil before it.
        var crashLoopCheck: CrashLoopCheck?
        /// Screens this restorer marked "restore in progress" and has not completed.
        var markedScreens: Set<ScreenKey> = []
        /// The crash-loop guard's marks file, once the first restore has opened it; nil before,
        /// and when it cannot be had (then ``guardUnavailable`` says why).
        var launchGuard: LaunchGuardFile?
        /// Why restores of this launch are not guarded, when they are not.
        var guardUnavailable: String?
        /// Whether the app is suspended: no connection is open, restores answer defaults.
        var isSuspended = false
        /// Whether ``StateRestorer/close(isolation:)`` was called: nothing opens again.
        var isClosed = false
        /// The unknown fields of each screen's last restored record, carried into its saves.
        var carriedFields: [ScreenKey: JSONObject] = [:]
        /// What each screen's (and shelf's) latest restore saw, from which the write gate
        /// decides what its saves may replace: the sign-out generation it captured, a newer
        /// record kept, a file it could not read.
        var gate = WriteGate()
        /// The screens this restorer restored (whose carried fields above are its own).
        var restoredScreens: Set<ScreenKey> = []
    }

    /// Opens (creating, migrating or recovering as needed) the database at `path`; never throws.
    ///
    /// - Parameters:
    ///   - path: the database file.
    ///   - configuration: how connections are opened and tuned (durability, busy timeout).
    ///   - window: how long persisted changes are collected before one write (default one second).
    ///   - scheduler: what runs the coalesced write when the window ends (tests pass a manual one).
    public init(
        path: String, configuration: DatabaseConfiguration = DatabaseConfiguration(),
        window: Duration = .seconds(1), scheduler: any WriteScheduling = DispatchWriteScheduler()
    ) {
        // Resolved once (a symlink to its target), so the guard file and every other sibling
        // is made beside the real file.
        let resolved = (try? DatabasePath.resolved(path)) ?? path
        location = Locked(resolved)
        self.configuration = configuration
        let opening = LaunchDatabase.open(path, configuration: configuration)
        restoring = Locked(RestoreSide(store: opening.store, databaseReport: opening.report))
        persistence = RestorerPersistence(
            writer: CoalescingWriter(opensOnFirstWrite: resolved, window: window, configuration: configuration, scheduler: scheduler)
        )
        OpenRestorers.register(self)
    }

    /// Whether ``close(isolation:)`` was called.
    var isClosed: Bool { restoring.withLock { $0.isClosed } }

    /// What opening the database found (newer, foreign, corrupt…); part of every restore report.
    public var databaseReport: [RestoreReportEntry] { restoring.withLock { $0.databaseReport } }

    // MARK: Restoring

    /// Restores `key`'s state of kind `type`: decoded from any format, upgraded, defaulted.
    public func restore<State: RestorableState>(_ type: State.Type, _ key: SceneKey) -> Restoration<State> {
        let loaded = load(State.self, key)
        return Restoration(
            key: key, state: loaded.state, report: loaded.report, carriedFields: loaded.carried, sighting: loaded.sighting)
    }

    /// A `Reconcilable` kind is restored against its context: `restore(_:_:against:)`.
    @available(*, unavailable, message: "a Reconcilable kind is restored against the data it is checked with: restore(_:_:against:)")
    public func restore<State: Reconcilable>(_ type: State.Type, _ key: SceneKey) -> Restoration<State> {
        fatalError("unavailable")
    }

    /// Restores `key`'s state of kind `type` and reconciles it against `context`, the data the
    /// screen has now.
    public func restore<State: Reconcilable>(
        _ type: State.Type, _ key: SceneKey, against context: State.Context
    ) -> Restoration<State> {
        let loaded = load(State.self, key)
        let reconciled = loaded.state.reconciled(against: context)
        phaseObserver?(.reconcile)
        let invalid = reconciled.adjustments.isEmpty ? [] : Self.invalidCodes(in: reconciled.adjustments, of: State.self)
        return Restoration(
            key: key, state: reconciled.state, report: loaded.report + invalid + reconciled.adjustments, adjustments: reconciled.adjustments,
            carriedFields: loaded.carried, decodedState: loaded.state, context: context, sighting: loaded.sighting
        )
    }

    /// Records that the app applied a restored state it does not persist: clears its crash-loop
    /// mark. `persist` does this itself; a restore that read no record left no mark, and
    /// completing it writes nothing.
    ///
    /// It does not reset the count of crashed launches: a launch that completes one restore
    /// may still crash applying the next. The next launch's first restore resets it when this
    /// launch left no mark.
    ///
    /// - Returns: false when a mark could not be cleared (the database cannot be written).
    @discardableResult
    public func completeRestore<State: RestorableState>(_ restoration: Restoration<State>) -> Bool {
        complete(ScreenKey(scene: restoration.key, kind: State.kind))
    }

    // MARK: Restoring, internals

    /// A decoded state before reconciliation, with the report so far.
    private struct Loaded<State> {
        var state: State
        var report: [RestoreReportEntry]
        var carried = JSONObject()
        /// The file could not be read: the stored record, if any, was not seen.
        var isUnseen = false
        /// The account's sign-out generation the restore read; nil when it read none.
        var generation: Int?

        /// What the restore saw, for the write gate.
        var sighting: WriteGate.Sighting { WriteGate.Sighting(generation: generation, isUnseen: isUnseen) }
    }

    private func load<State: RestorableState>(_ type: State.Type, _ key: SceneKey) -> Loaded<State> {
        restoring.withLock { side in
            let screen = ScreenKey(scene: key, kind: State.kind)
            reopenIfUnavailable(&side)
            // A restore waits at most the launch budget for another process's lock.
            side.store?.setBusyTimeout(milliseconds: min(configuration.launchBudgetMilliseconds, configuration.busyTimeoutMilliseconds))
            defer { side.store?.setBusyTimeout(milliseconds: configuration.busyTimeoutMilliseconds) }
            do {
                var loaded = try loadFromStore(State.self, screen, &side)
                side.restoredScreens.insert(screen)
                side.carriedFields[screen] = loaded.carried.isEmpty ? nil : loaded.carried
                if side.store == nil && side.databaseReport.contains(where: { RestoreCode.fileNotRead.contains($0.code) }) {
                    loaded.isUnseen = true
                }
                side.gate.noteRestore(of: screen, loaded.sighting)
                ScenesInUse.note(key, at: path)
                if let invalid = Self.invalidNames(State.self) { loaded.report.insert(invalid, at: 0) }
                return loaded
            } catch let error as SQLiteError where error.indicatesDamage {
                Self.recoverFromCorruption(&side, path: path, reason: error.message, configuration: configuration)
                return Loaded(state: State.defaultValue, report: side.databaseReport)
            } catch MigrationError.corrupt(_, let reason) {
                Self.recoverFromCorruption(&side, path: path, reason: reason, configuration: configuration)
                return Loaded(state: State.defaultValue, report: side.databaseReport)
            } catch let error as SQLiteError where error.code == .busy || error.code == .locked {
                var loaded = Loaded<State>(state: State.defaultValue, report: side.databaseReport + [LaunchDatabase.busy(configuration, error)])
                loaded.isUnseen = true
                side.gate.noteRestore(of: screen, loaded.sighting)
                return loaded
            } catch {
                let entry = RestoreReportEntry(.databaseUnavailable, "the stored state could not be read: \(error.localizedDescription)")
                var loaded = Loaded<State>(state: State.defaultValue, report: side.databaseReport + [entry])
                loaded.isUnseen = true
                side.gate.noteRestore(of: screen, loaded.sighting)
                return loaded
            }
        }
    }

    private func loadFromStore<State: RestorableState>(
        _ type: State.Type, _ screen: ScreenKey, _ side: inout RestoreSide
    ) throws -> Loaded<State> {
        let key = screen.scene
        if side.isClosed {
            // The default state says why, as every restore that reads nothing does: a closed
            // restorer's empty report read as "applied exactly". Closed comes before suspended:
            // a restorer suspended, then closed, is closed for good (model sequence
            // Fixtures/sequences/restore-after-close-says-why.txt).
            let closed = RestoreReportEntry(.databaseUnavailable, "the restorer was closed (close()); nothing is read again and the default state was used")
            var loaded = Loaded(state: State.defaultValue, report: [closed])
            loaded.isUnseen = true
            return loaded
        }
        if side.isSuspended {
            let suspended = RestoreReportEntry(.restorerSuspended, "the app is suspended (its connections are closed until resume()); the default state was used")
            var loaded = Loaded(state: State.defaultValue, report: [suspended])
            loaded.isUnseen = true
            return loaded
        }
        guard let store = side.store else { return Loaded(state: State.defaultValue, report: side.databaseReport) }
        if let skipped = try crashLoopGuard(screen, in: store, &side) {
            let generation = try store.recordAndGeneration(account: key.account, scene: key.scene, kind: State.kind).generation
            return Loaded(state: State.defaultValue, report: side.databaseReport + skipped, generation: generation)
        }
        // The record, and the account's sign-out generation as it was then: this screen's saves
        // are dropped after a sign-out that advances it, in this process or another.
        let (stored, generation) = try store.recordAndGeneration(account: key.account, scene: key.scene, kind: State.kind)
        let defaults = { (report: [RestoreReportEntry]) in Loaded(state: State.defaultValue, report: report, generation: generation) }
        var report = side.databaseReport
        guard let record = stored else {
            report.append(RestoreReportEntry(.noRecord, "\(key) has no saved state; the default state was used"))
            return defaults(report)
        }
        phaseObserver?(.read)
        // A record saved more than a day ago is marked used now (for removeScenes(unusedFor:)),
        // with the writer's next write: a launch makes no commit for it.
        // The configuration's clock (the wall clock unless a test set one), read once.
        let now = configuration.clock()
        if now - record.updatedAt > Self.useGranularitySeconds { persistence.writer.noteUse(of: key, at: now) }
        if let lifetime = State.expiresAfter, now - record.updatedAt > Self.seconds(lifetime) {
            let age = Int(now - record.updatedAt)
            report.append(
                RestoreReportEntry(
                    .recordExpired,
                    "the record was saved \(age) s ago, longer than \(State.self) stays meaningful (\(Int(Self.seconds(lifetime))) s); the default state was used and the record stays in place until the next save"
                ))
            return defaults(report)
        }
        if record.payload.count > Store.maximumRecordBytes {
            let detail = "the record is \(record.payload.count) bytes, over the \(Store.maximumRecordBytes)-byte limit"
            let id = try store.quarantineRecord(account: key.account, scene: key.scene, kind: State.kind, reason: .oversized, error: detail)
            report.append(RestoreReportEntry(.recordUnreadable, "\(detail); it was moved to the quarantine (id \(id ?? 0)) and the default state was used"))
            return defaults(report)
        }
        let decoding = RecordCodec<State>.decode(record.payload)
        phaseObserver?(.decode)
        switch decoding {
        case .unreadable(let error):
            let detail = error.localizedDescription
            if let header = try? RecordHeader(of: RecordHeader.parseObject(record.payload)), header.version > State.currentVersion {
                // A newer release's record is never moved out of its slot: that release must find it.
                report.append(
                    RestoreReportEntry(
                        .recordNewerUnreadable,
                        "the record has format \(header.version), newer than this build reads (\(State.currentVersion)), and did not decode as format \(State.currentVersion) (\(detail)); it was kept in place for the release that wrote it and the default state was used"
                    ))
                return defaults(report)
            }
            let id = try store.quarantineRecord(account: key.account, scene: key.scene, kind: State.kind, reason: .unreadable, error: detail)
            report.append(RestoreReportEntry(.recordUnreadable, "the stored record could not be decoded (\(detail)); it was moved to the quarantine (id \(id ?? 0)) and the default state was used"))
            return defaults(report)
        case .newer(let version, let minReaderVersion):
            let why = minReaderVersion.map { "it needs a reader of format \($0)" } ?? "it declares no minReaderVersion this build meets"
            report.append(
                RestoreReportEntry(
                    .unsupportedVersion,
                    "the record has format \(version), newer than this build reads (\(State.currentVersion)), and \(why); it was kept in place for the release that wrote it and the default state was used"
                ))
            return defaults(report)
        case .decoded(let state, let provenance, let unknownFields):
            report += Self.entries(for: provenance, currentVersion: State.currentVersion)
            // The record is about to be applied: only now is there something to blame.
            if let unguarded = mark(screen, &side) { report.append(unguarded) }
            phaseObserver?(.mark)
            return Loaded(state: state, report: report, carried: unknownFields, generation: generation)
        }
    }

    /// The report entries for skipping a screen's record, or nil to restore it: its restore
    /// crashed a launch that is gone, or the two previous launches both crashed.
    private func crashLoopGuard(_ screen: ScreenKey, in store: Store, _ side: inout RestoreSide) throws -> [RestoreReportEntry]? {
        if side.crashLoopCheck == nil {
            do {
                // An existing file only: where no launch ever marked anything, nothing crashed.
                if side.launchGuard == nil && side.guardUnavailable == nil { side.launchGuard = try LaunchGuardFile.acquire(beside: path, creating: false) }
            } catch {
                side.guardUnavailable = (error as? LaunchGuardError)?.reason ?? "\(error)"
            }
            side.crashLoopCheck = try checkingWithoutFailingTheLaunch(&side, in: store)
        }
        let mark = screen.guardMark
        if let outcome = side.crashLoopCheck?.crashedScreens.removeValue(forKey: mark.screenHash) {
            let detail =
                switch outcome {
                case .quarantined(let id): "its record was moved to the quarantine (id \(id))"
                case .keptInPlace(let reason): "its record could not be moved to the quarantine (\(reason)), so it was left in place and is not applied"
                }
            return [
                RestoreReportEntry(
                    .restoreCrashed,
                    "the previous restore of \(screen.scene) never completed (the app crashed while applying it); \(detail) and the default state was used")
            ]
        }
        if let check = side.crashLoopCheck, check.startsEverySceneFromDefaults {
            return [RestoreReportEntry(.restoreCrashed, "restores crashed in \(check.crashedLaunches) launches in a row; every scene starts from defaults this launch and any record is kept in place")]
        }
        return nil
    }

    /// Finds the restores that launches now gone started and never completed (the guard
    /// file's slots whose process died, and marks a release before the guard file left in the
    /// database), moves their records to the quarantine in one transaction, and counts the
    /// launches in a row that crashed (in the guard file's header). When the transaction cannot
    /// commit (a full disk), the crashed slots are kept for a later launch and their records are
    /// not applied by this one. A launch with nothing to find reads nothing in the database;
    /// the database's own marks are looked for only while no guard file exists yet (the first
    /// launch of this release on the file).
    private func checkPreviousLaunches(in store: Store, _ side: inout RestoreSide) throws -> CrashLoopCheck {
        let launchGuard = side.launchGuard
        let slots = (try? launchGuard?.crashedSlots()) ?? []
        let blamed = Set(slots.flatMap(\.marks).map(\.screenHash))
        let databaseState = launchGuard == nil ? try store.crashCheckState() : (hasDatabaseMarks: false, crashedLaunches: 0)
        let previousCount = max(launchGuard?.crashedLaunches ?? 0, databaseState.crashedLaunches)
        guard !blamed.isEmpty || databaseState.hasDatabaseMarks else {
            launchGuard?.finish(slots, forgetting: true)
            if previousCount != 0 { try? launchGuard?.setCrashedLaunches(0) }
            return .clean
        }
        let legacy = databaseState.hasDatabaseMarks ? try store.restoreMarks() : []
        var screens = legacy.map { (account: $0.account, scene: $0.scene, kind: $0.kind) }
        for record in try store.recordSummaries() {
            let mark = LaunchGuardMark(account: record.account, scene: record.scene, kind: record.kind)
            if blamed.contains(mark.screenHash) && !legacy.contains(where: { $0.account == record.account && $0.scene == record.scene && $0.kind == record.kind }) {
                screens.append((record.account, record.scene, record.kind))
            }
        }
        let crashedLaunches = previousCount + 1
        // The count lives in the guard file, made now if this is its first launch.
        if side.launchGuard == nil && side.guardUnavailable == nil { side.launchGuard = try? LaunchGuardFile.acquire(beside: path, creating: true) }
        try? side.launchGuard?.setCrashedLaunches(crashedLaunches)
        do {
            let quarantined = try store.writeTransaction { () -> [UInt64: CrashLoopCheck.Outcome] in
                var outcomes: [UInt64: CrashLoopCheck.Outcome] = [:]
                for screen in screens {
                    let id = try store.quarantineRecord(
                        account: screen.account, scene: screen.scene, kind: screen.kind, reason: .restoreCrashed,
                        error: "restoring this record did not complete: the app stopped before the restore finished"
                    )
                    if let id { outcomes[LaunchGuardMark(account: screen.account, scene: screen.scene, kind: screen.kind).screenHash] = .quarantined(id) }
                }
                for mark in legacy { try store.clearRestoreMark(account: mark.account, scene: mark.scene, kind: mark.kind) }
                if !legacy.isEmpty { try store.setConsecutiveCrashedLaunches(0) }  // counted in the guard file from now on
                return outcomes
            }
            launchGuard?.finish(slots, forgetting: true)
            return CrashLoopCheck(crashedScreens: quarantined, crashedLaunches: crashedLaunches)
        } catch let error as SQLiteError where !error.indicatesDamage {
            launchGuard?.finish(slots, forgetting: false)
            var kept: [UInt64: CrashLoopCheck.Outcome] = [:]
            for hash in blamed { kept[hash] = .keptInPlace(error.message) }
            for mark in legacy { kept[LaunchGuardMark(account: mark.account, scene: mark.scene, kind: mark.kind).screenHash] = .keptInPlace(error.message) }
            return CrashLoopCheck(crashedScreens: kept, crashedLaunches: crashedLaunches)
        }
    }

    /// Marks `screen`'s restore as being applied; the report entry that says the restore is
    /// not guarded when the mark cannot be made.
    private func mark(_ screen: ScreenKey, _ side: inout RestoreSide) -> RestoreReportEntry? {
        let mark = screen.guardMark
        let reason: String
        if side.launchGuard == nil && side.guardUnavailable == nil {
            do {
                side.launchGuard = try LaunchGuardFile.acquire(beside: path, creating: true)
            } catch {
                side.guardUnavailable = (error as? LaunchGuardError)?.reason ?? "\(error)"
            }
        }
        if let launchGuard = side.launchGuard {
            do {
                try launchGuard.mark(mark)
                side.markedScreens.insert(screen)
                return nil
            } catch {
                reason = (error as? LaunchGuardError)?.reason ?? "\(error)"
            }
        } else {
            reason = side.guardUnavailable ?? "the guard file could not be opened"
        }
        return RestoreReportEntry(
            .restoreUnguarded, "the crash-loop mark could not be written (\(reason)); the record was applied without it, so a crash while applying it would not be caught")
    }

    /// Runs the crash check. A read-only or full disk must not stop the launch: the error is
    /// reported and the restore goes on without the check (nil).
    private func checkingWithoutFailingTheLaunch(_ side: inout RestoreSide, in store: Store) throws -> CrashLoopCheck? {
        do {
            return try checkPreviousLaunches(in: store, &side)
        } catch let error as SQLiteError where !error.indicatesDamage {
            side.databaseReport.append(RestoreReportEntry(.restoreUnguarded, "the crash-loop check could not read the database (\(error.message)); restoring without it"))
            return nil
        }
    }

    package static func entries(for provenance: RecordProvenance, currentVersion: Int) -> [RestoreReportEntry] {
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

    /// `duration` in seconds.
    /// Forgets what the restore side holds of the screens `isGone` names (discarded, pruned,
    /// signed out): their crash-loop marks, carried fields and save rules.
    static func forgetScreens(_ side: inout RestoreSide, where isGone: (ScreenKey) -> Bool) {
        for screen in side.markedScreens where isGone(screen) {
            side.launchGuard?.clear(screen.guardMark)
            side.markedScreens.remove(screen)
        }
        side.carriedFields = side.carriedFields.filter { !isGone($0.key) }
        side.gate.forget(where: isGone)
        side.restoredScreens = side.restoredScreens.filter { !isGone($0) }
    }

    /// How fresh a scene's last use must be before a restore notes a new one: a day, the
    /// grain of ``removeScenes(unusedFor:)``.
    static let useGranularitySeconds: Double = 86_400

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// The report entry saying `State`'s kind name is not valid (its saves are refused), or nil.
    private static func invalidNames<State: RestorableState>(_ type: State.Type) -> RestoreReportEntry? {
        guard (try? StoreNames.validatedKind(State.kind)) == nil else { return nil }
        let detail = "the kind name \"\(State.kind)\" of \(State.self) is not 1 to 64 characters of a-z, 0-9 and -: its state cannot be saved until it is renamed"
        RestoreLog.writeOnce(detail)
        return RestoreReportEntry(.kindInvalid, detail)
    }

    /// The entries saying which of a reconciliation's report codes break the naming rules
    /// (each also logged once); empty when all are valid.
    private static func invalidCodes<State: RestorableState>(in adjustments: [RestoreReportEntry], of type: State.Type) -> [RestoreReportEntry] {
        adjustments.lazy.map(\.code).filter { !$0.isValid }.reduce(into: [RestoreReportEntry]()) { entries, code in
            let detail = "the report code \"\(code.rawValue)\" of \(State.self)'s reconciliation is not 1 to 64 characters of a-z, 0-9 and -; rename it before it ships"
            RestoreLog.writeOnce(detail)
            if !entries.contains(where: { $0.detail == detail }) { entries.append(RestoreReportEntry(.codeInvalid, detail)) }
        }
    }

    /// Clears `screen`'s restore mark if this restorer left one (a write to the guard file's
    /// page cache, no commit).
    func complete(_ screen: ScreenKey) -> Bool {
        restoring.withLock { side in
            guard side.markedScreens.remove(screen) != nil else { return true }
            side.launchGuard?.clear(screen.guardMark)
            return true
        }
    }

    /// Ends this restorer's use of the guard file: its restores still marked were not crashes
    /// (the process got as far as closing), so their marks go.
    func releaseLaunchGuard(_ side: inout RestoreSide) {
        guard let launchGuard = side.launchGuard else { return }
        for screen in side.markedScreens {
            launchGuard.clear(screen.guardMark)
        }
        side.markedScreens.removeAll()
        launchGuard.release()
        side.launchGuard = nil
    }

    deinit {
        restoring.withLock { releaseLaunchGuard(&$0) }
    }

    static func recoverFromCorruption(_ side: inout RestoreSide, path: String, reason: String, configuration: DatabaseConfiguration) {
        side.store?.closeWithoutCheckpoint()
        let opening = LaunchDatabase.recoverFromCorruption(path, reason: reason, configuration: configuration)
        side.store = opening.store
        side.databaseReport += opening.report
    }

    /// The launch connection's store, for the package's tests (nil when the database may not
    /// be read or the restorer is closed).
    package var store: Store? { restoring.withLock { $0.store } }

    /// Runs `body` with the launch connection's store (nil when the database may not be read)
    /// and what opening it found: the article screens' shelf snapshots use it.
    /// Blocks until a background migration of this restorer's file (`database-needs-migration`)
    /// has ended; returns at once when none runs. The next restore then reads the migrated file.
    package func waitForDeferredMigration() {
        DeferredMigration.waitUntilFinished(path)
    }

    package func withStore<T>(_ body: (Store?, [RestoreReportEntry]) throws -> T) rethrows -> T {
        try restoring.withLock { side in
            reopenIfUnavailable(&side)
            return try body(side.store, side.databaseReport)
        }
    }

    /// Notes what the last restore of `collection` (what a kind stores outside records, such
    /// as a shelf's snapshots, named by the kind) saw: whether it read the file (until one
    /// does, its saves must not hide what is stored) and `account`'s sign-out generation.
    package func noteRestore(ofCollection collection: String, account: String, sawFile: Bool) {
        restoring.withLock { side in
            let generation = sawFile ? try? side.store?.accountGeneration(account) : nil
            side.gate.noteRestore(ofCollection: collection, WriteGate.Sighting(generation: generation, isUnseen: !sawFile))
        }
    }

    /// Whether the last restore of `collection` could not read the file.
    package func collectionIsUnseen(_ collection: String) -> Bool {
        restoring.withLock { $0.gate.sighting(ofCollection: collection)?.isUnseen ?? false }
    }

    /// The write gate's rules for a save of `collection`'s snapshot (of `account`) in a format
    /// this build reads up to `readableUpTo`: fenced at the generation its latest restore
    /// captured, or, never restored, the one its first save finds.
    package func snapshotRules(forCollection collection: String, account: String, readableUpTo: Int) -> WriteRules {
        restoring.withLock { side in
            reopenIfUnavailable(&side)
            let store = side.store
            let sighting = side.gate.sightingForSave(ofCollection: collection) { try? store?.accountGeneration(account) }
            return WriteGate.snapshotRules(after: sighting, readableUpTo: readableUpTo)
        }
    }

    /// Opens the database again, as a launch does, when the launch could not read it
    /// (unavailable, busy, being migrated) or could only read it (read-only): the storage may have come back
    /// (space freed, the device unlocked, the other process done). Called before each restore
    /// and hand save; a file that is still unavailable costs one failed open. Nothing opens
    /// while suspended or after `close`.
    func reopenIfUnavailable(_ side: inout RestoreSide) {
        guard !side.databaseReport.isEmpty, !side.isClosed, !side.isSuspended else { return }  // the usual launch: nothing to check
        let report = side.databaseReport
        let couldNotRead = side.store == nil && report.contains { RestoreCode.fileNotRead.contains($0.code) }
        let couldOnlyRead = side.store?.isReadOnly == true && report.contains { $0.code == .databaseReadOnly }
        guard couldNotRead || couldOnlyRead else { return }
        // The read-only connection closes first: while it is open, a failed open could not
        // remove the `-wal` and `-shm` it began (they would look in use).
        side.store?.close()
        let opening = LaunchDatabase.open(path, configuration: configuration)
        side.store = opening.store
        side.databaseReport = opening.report
    }
}
