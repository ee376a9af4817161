import Foundation
import JSON
import ScreenModels
import StateStore

/// Restores and saves screens' state in one database file: the launch-time entry point.
///
/// Restoring never throws and never crashes the caller: the worst case is the kind's default
/// state with a report that says why. Nothing it cannot use is thrown away: undecodable records
/// move to the quarantine, newer-format records stay in place, a damaged file is moved aside.
///
/// Each restore of a stored record first commits a "restore in progress" mark for its
/// (account, scene, kind); call `completeRestore(_:)` once the app has applied the state. The
/// first restore of a launch treats every mark left in the file as a crash of the previous
/// launch: those records move to the quarantine and, whichever screen restores first, each
/// crashed screen starts from defaults on its own restore (`restore-crashed`). When the two
/// previous launches both crashed that way, every screen of this launch starts from defaults,
/// its record kept in place; the launch after that restores normally again.
///
/// ```swift
/// let restorer = StateRestorer(path: statePath)
/// let restored = restorer.restore(NotesState.self, key, against: notes)
/// let model = restored.makeViewModel(loader: loader)
/// restorer.completeRestore(restored)
/// ```
///
/// Use one restorer per launch (its first restore decides what the previous launch left), from
/// one thread or serial queue at a time.
public final class StateRestorer {
    /// The database file.
    public let path: String
    /// The store, or nil when the database may not be read (newer release, foreign, unopenable).
    public private(set) var store: Store?
    /// What opening the database found (newer, foreign, corrupt…); part of every restore report.
    public private(set) var databaseReport: [RestoreReportEntry]
    private let configuration: DatabaseConfiguration
    /// What this launch's first restore found about the previous launches; nil before it.
    private var crashLoopCheck: CrashLoopCheck?
    /// Called as each phase of a restore ends.
    @_spi(Benchmarks) public var phaseObserver: ((RestorePhase) -> Void)?

    /// Opens (creating, migrating or recovering as needed) the database at `path`.
    public init(path: String, configuration: DatabaseConfiguration = DatabaseConfiguration()) {
        self.path = path
        self.configuration = configuration
        let opening = LaunchDatabase.open(path, configuration: configuration)
        store = opening.store
        databaseReport = opening.report
    }

    /// Restores `key`'s state of kind `type`: decoded from any format, upgraded, defaulted.
    public func restore<State: RestorableState>(_ type: State.Type, _ key: SceneKey) -> Restoration<State> {
        let loaded = load(State.self, key)
        return Restoration(key: key, state: loaded.state, report: loaded.report, carriedFields: loaded.carried)
    }

    /// Restores `key`'s state of kind `type` and reconciles it against `context`, the data the
    /// screen has now.
    public func restore<State: Reconcilable>(
        _ type: State.Type, _ key: SceneKey, against context: State.Context
    ) -> Restoration<State> {
        let loaded = load(State.self, key)
        let reconciled = loaded.state.reconciled(against: context)
        phaseObserver?(.reconcile)
        return Restoration(
            key: key, state: reconciled.state, report: loaded.report + reconciled.adjustments,
            carriedFields: loaded.carried, decodedState: loaded.state, context: context
        )
    }

    /// Restores `key`'s catalog view state, reconciled against `document`.
    public func restore(_ key: SceneKey, against document: CatalogDocument) -> CatalogRestoration {
        restore(CatalogViewState.self, key, against: document)
    }

    /// Records that the app applied a restored state: clears its crash-loop mark.
    @discardableResult
    public func completeRestore<State: RestorableState>(_ restoration: Restoration<State>) -> Bool {
        completeRestore(restoration.key, kind: State.kind)
    }

    /// Records that the app applied `key`'s restored state of `kind`: clears its crash-loop mark.
    ///
    /// It does not reset the count of crashed launches: a launch that completes one restore
    /// may still crash applying the next. The next launch's first restore resets it when this
    /// launch left no mark.
    @discardableResult
    public func completeRestore(_ key: SceneKey, kind: String = CatalogViewState.kind) -> Bool {
        guard let store else { return false }
        do {
            try store.clearRestoreMark(account: key.account, scene: key.scene, kind: kind)
            return true
        } catch {
            return false
        }
    }

    /// Closes the database.
    public func close() { store?.close() }

    // MARK: Restoring

    /// A decoded state before reconciliation, with the report so far.
    private struct Loaded<State> {
        var state: State
        var report: [RestoreReportEntry]
        var carried = JSONObject()
    }

    private func load<State: RestorableState>(_ type: State.Type, _ key: SceneKey) -> Loaded<State> {
        do {
            return try loadFromStore(State.self, key)
        } catch let error as SQLiteError where error.indicatesDamage {
            recoverFromCorruption(reason: error.message)
            return Loaded(state: State.defaultValue, report: databaseReport)
        } catch MigrationError.corrupt(_, let reason) {
            recoverFromCorruption(reason: reason)
            return Loaded(state: State.defaultValue, report: databaseReport)
        } catch {
            let entry = RestoreReportEntry(.databaseUnavailable, "the stored state could not be read: \(error.localizedDescription)")
            return Loaded(state: State.defaultValue, report: databaseReport + [entry])
        }
    }

    private func loadFromStore<State: RestorableState>(_ type: State.Type, _ key: SceneKey) throws -> Loaded<State> {
        let screen = ScreenKey(scene: key, kind: State.kind)
        let defaults = { (report: [RestoreReportEntry]) in Loaded(state: State.defaultValue, report: report) }
        guard let store else { return defaults(databaseReport) }
        if let skipped = try crashLoopGuard(screen, in: store) {
            return defaults(databaseReport + skipped)
        }
        var report = databaseReport
        guard let record = try store.record(account: key.account, scene: key.scene, kind: State.kind) else {
            report.append(RestoreReportEntry(.noRecord, "\(key) has no saved state; the default state was used"))
            return defaults(report)
        }
        phaseObserver?(.read)
        try withoutFailingTheLaunch { try store.setRestoreMark(account: key.account, scene: key.scene, kind: State.kind) }
        phaseObserver?(.mark)
        defer { phaseObserver?(.decode) }
        if record.payload.count > Store.maximumRecordBytes {
            let detail = "the record is \(record.payload.count) bytes, over the \(Store.maximumRecordBytes)-byte limit"
            let id = try store.quarantineRecord(account: key.account, scene: key.scene, kind: State.kind, reason: .oversized, error: detail)
            report.append(RestoreReportEntry(.recordUnreadable, "\(detail); it was moved to the quarantine (id \(id ?? 0)) and the default state was used"))
            return defaults(report)
        }
        switch RecordCodec<State>.decode(record.payload) {
        case .unreadable(let error):
            let detail = error.localizedDescription
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
            return Loaded(state: state, report: report, carried: unknownFields)
        }
    }

    /// The report entries for skipping a screen's record, or nil to restore it: its restore
    /// crashed the previous launch, or the two previous launches both crashed.
    private func crashLoopGuard(_ screen: ScreenKey, in store: Store) throws -> [RestoreReportEntry]? {
        if crashLoopCheck == nil {
            crashLoopCheck = try withoutFailingTheLaunch { try checkPreviousLaunches(in: store) }
        }
        if let id = crashLoopCheck?.crashedScreens.removeValue(forKey: screen) {
            return [
                RestoreReportEntry(
                    .restoreCrashed,
                    "the previous restore of \(screen.scene) never completed (the app crashed while applying it); its record was moved to the quarantine (id \(id)) and the default state was used")
            ]
        }
        if let check = crashLoopCheck, check.startsEverySceneFromDefaults {
            return [RestoreReportEntry(.restoreCrashed, "restores crashed in \(check.crashedLaunches) launches in a row; every scene starts from defaults this launch and any record is kept in place")]
        }
        return nil
    }

    /// Moves the record of every screen whose restore the previous launch never completed to
    /// the quarantine, clears those marks and counts the launches in a row that crashed, in one
    /// transaction (a kill part-way leaves the marks for the next launch to find).
    private func checkPreviousLaunches(in store: Store) throws -> CrashLoopCheck {
        // Reading first keeps the common launch, with nothing to do, free of a write.
        guard try !store.restoreMarks().isEmpty || store.consecutiveCrashedLaunches() != 0 else { return .clean }
        return try store.database.writeTransaction {
            let marks = try store.restoreMarks()
            var crashedScreens: [ScreenKey: Int64] = [:]
            for mark in marks {
                let id = try store.quarantineRecord(
                    account: mark.account, scene: mark.scene, kind: mark.kind, reason: .restoreCrashed,
                    error: "restoring this record did not complete: the app stopped before the restore finished"
                )
                try store.clearRestoreMark(account: mark.account, scene: mark.scene, kind: mark.kind)
                if let id, let key = try? SceneKey(scene: mark.scene, account: mark.account) {
                    crashedScreens[ScreenKey(scene: key, kind: mark.kind)] = id
                }
            }
            let crashedLaunches = marks.isEmpty ? 0 : try store.consecutiveCrashedLaunches() + 1
            try store.setConsecutiveCrashedLaunches(crashedLaunches)
            return CrashLoopCheck(crashedScreens: crashedScreens, crashedLaunches: crashedLaunches)
        }
    }

    /// Runs a crash-loop step. A read-only or full disk must not stop the launch: the error is
    /// reported and the restore goes on without the guard (nil).
    private func withoutFailingTheLaunch<T>(_ body: () throws -> T) throws -> T? {
        do {
            return try body()
        } catch let error as SQLiteError where !error.indicatesDamage {
            databaseReport.append(RestoreReportEntry(.databaseUnavailable, "the crash-loop mark could not be written (\(error.message)); restoring without it"))
            return nil
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

    func recoverFromCorruption(reason: String) {
        store?.database.disableCheckpointOnClose()
        store?.close()
        let opening = LaunchDatabase.recoverFromCorruption(path, reason: reason, configuration: configuration)
        store = opening.store
        databaseReport += opening.report
    }
}
