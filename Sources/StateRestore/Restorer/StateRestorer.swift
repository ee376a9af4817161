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
/// let tracking = restorer.persist(from: restored) { ReaderState(bookID: reader.bookID, page: reader.page, fontSize: reader.fontSize) }
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
    /// The database file: absolute, its folder and a link at its last component resolved
    /// (once, at init); ``relocate(to:isolation:)`` changes it.
    public var path: String { location.withLock { $0.path } }

    /// The database file as resolved (its path, its device and inode): what the process-wide
    /// notes of this file (scenes in use, accounts signed out) are kept by.
    var file: DatabaseFile { location.withLock { $0.file } }

    /// The file's key alone (``DatabaseFile/key``), without copying the file's description: what
    /// a restore or a save notes the scene in use under.
    var fileKey: FileKey { location.withLock { $0.file.key } }

    /// Where the database file is now, which file it is, and why saves are refused if they are
    /// (shared with the writer).
    let location: Locked<RestorerFile>

    /// The restore side: the launch connection and what it found.
    let restoring: Locked<RestoreSide>

    /// The coalesced writes of ``persist(from:_:)`` and the trackings that feed them.
    let persistence: RestorerPersistence

    let configuration: DatabaseConfiguration

    /// Where events go (the app's handler, if any); the counts behind ``statistics`` are kept
    /// in ``RestoreSide`` and the writer's pending state, under the locks they already take.
    let diagnosis: Diagnosis

    /// Whether this restorer only reads (`DatabaseConfiguration.Access.readOnly`): it opens
    /// the file as a launch does but never creates, migrates, moves aside, quarantines or
    /// marks anything; its reports say what a launch would do instead.
    var readsOnly: Bool { configuration.access == .readOnly }

    /// Called as each phase of a restore ends, on the thread that restores (the benchmark times
    /// a launch's phases with it); set at init, so no thread can see it change.
    let phaseObserver: (@Sendable (RestorePhase) -> Void)?

    /// What the restorer keeps for sending and landing state across devices
    /// (``configurePortable(_:)``).
    let portableSide = Locked(PortableSide())

    /// Opens (creating, migrating or recovering as needed) the database at `path`; never throws.
    ///
    /// With `configuration.access` `DatabaseConfiguration.Access.readOnly` the restorer only
    /// reads: restores report what a launch would do (migrate, move a damaged file aside,
    /// quarantine a record) and do none of it, no crash-loop mark is made, and every write
    /// (a save, a persisted save, a sign-out, a discard, a rollback, a move) is refused
    /// (``RestoreError/databaseUnusable(_:)``) before it is attempted. A file no one was
    /// writing is read without creating anything beside it, and opened again at the first
    /// restore after another process writes it, so every restore shows the latest save.
    ///
    /// - Parameters:
    ///   - path: the database file, as the kernel reads it: relative to the working directory
    ///     now, resolved once. `:memory:` and `file:…` are files of those names, never SQLite's
    ///     in-memory database or a URI; an empty path, or one ending in a slash, names no file
    ///     (the restorer reports the database unavailable).
    ///   - configuration: how connections are opened and tuned (durability, busy timeout).
    ///   - window: how long persisted changes are collected before one write (default one second).
    ///   - events: where each restore's, save's and warning's ``RestoreEvent`` goes (nil: no
    ///     event is made, and warnings go to standard error once per process).
    ///
    /// An app's tests make the coalesced writes wait for them with StateRestoreTesting's
    /// `init(path:configuration:window:scheduler:events:)`, given a `ManualWriteScheduler`.
    public convenience init(
        path: String, configuration: DatabaseConfiguration = DatabaseConfiguration(), window: Duration = .seconds(1), events: RestoreEventHandler? = nil
    ) {
        self.init(path: path, configuration: configuration, window: window, scheduler: DispatchWriteScheduler(), events: events)
    }

    /// ``init(path:configuration:window:events:)`` with the coalesced write run by `scheduler`
    /// when its window ends (StateRestoreTesting's `ManualWriteScheduler` for an app's tests),
    /// calling `phaseObserver` as each phase of a restore ends (the benchmark's restore-launch).
    package convenience init(
        path: String, configuration: DatabaseConfiguration = DatabaseConfiguration(), window: Duration = .seconds(1), scheduler: any WriteScheduling,
        events: RestoreEventHandler? = nil, phaseObserver: (@Sendable (RestorePhase) -> Void)? = nil
    ) {
        // Resolved once (relative to the working directory now, a link to its target), so the
        // guard file and every other sibling is made beside the real file, and every later
        // opening (the writer's, a resume's) opens this file or nothing.
        self.init(Resolution(path), requested: path, configuration: configuration, window: window, scheduler: scheduler, events: events, phaseObserver: phaseObserver)
    }

    /// ``init(path:configuration:window:events:)`` on a path already resolved (a tool
    /// verb that checked the file first resolves it once).
    package convenience init(file: DatabaseFile, configuration: DatabaseConfiguration = DatabaseConfiguration()) {
        self.init(.resolved(file), requested: file.requestedPath, configuration: configuration, window: .seconds(1), scheduler: DispatchWriteScheduler(), events: nil)
    }

    private init(
        _ resolution: Resolution, requested path: String, configuration: DatabaseConfiguration, window: Duration,
        scheduler: any WriteScheduling, events: RestoreEventHandler?, phaseObserver: (@Sendable (RestorePhase) -> Void)? = nil
    ) {
        self.phaseObserver = phaseObserver
        var file: RestorerFile
        let opening: LaunchDatabase.Opening
        switch resolution {
        case .resolved(let resolution):
            let resolved = OpenRestorers.file(asOpened: resolution)
            file = RestorerFile(file: resolved, refusal: nil)
            opening = LaunchDatabase.open(resolved, configuration: configuration)
        case .unresolvable(let error):
            file = RestorerFile(file: DatabaseFile(unresolved: path), refusal: nil)
            opening = LaunchDatabase.unresolvable(error)
        }
        file.note(opening)
        location = Locked(file)
        self.configuration = configuration
        diagnosis = Diagnosis(handler: events)
        var side = RestoreSide(store: opening.store, databaseReport: opening.report)
        Self.releaseReadOnlyConnection(&side)
        restoring = Locked(side)
        persistence = RestorerPersistence(
            writer: CoalescingWriter(
                opensOnFirstWrite: location, window: window, configuration: configuration, scheduler: scheduler, diagnosis: Diagnosis(handler: events))
        )
        OpenRestorers.register(self)
    }

    /// A path resolved once at init, or why it cannot be. Not a `Result`: its type, made at a
    /// process's first restorer, would cost a runtime lookup of `StoreError`'s `Error`
    /// conformance.
    private enum Resolution {
        case resolved(DatabaseFile)
        case unresolvable(StoreError)

        init(_ path: String) {
            do throws(StoreError) {
                self = .resolved(try DatabaseFile(resolving: path))
            } catch {
                self = .unresolvable(error)
            }
        }
    }

    /// Whether ``close(isolation:)`` was called.
    var isClosed: Bool { restoring.withLock { $0.isClosed } }

    /// What opening the database found (newer, foreign, corrupt…); part of every restore report.
    public var databaseReport: [RestoreReportEntry] { restoring.withLock { $0.databaseReport } }

    /// Restores `key`'s state of kind `type`: decoded from any format, upgraded, defaulted.
    public func restore<State: RestorableState>(_ type: State.Type, _ key: SceneKey) -> Restoration<State> {
        let start = ContinuousClock.now
        return restoration(of: load(State.self, key), key, since: start)
    }

    /// Restores `key`'s state of kind `type` and reconciles it against `context`, the data the
    /// screen has now.
    public func restore<State: Reconcilable>(
        _ type: State.Type, _ key: SceneKey, against context: State.Context
    ) -> Restoration<State> {
        let start = ContinuousClock.now
        return restoration(of: load(State.self, key), key, against: context, since: start)
    }

    /// The restoration of `loaded` (a launch's restore or a landing), counted and delivered as
    /// a restore that began at `start`.
    func restoration<State: RestorableState>(of loaded: Loaded<State>, _ key: SceneKey, since start: ContinuousClock.Instant) -> Restoration<State> {
        noteRestore(
            kind: State.kind, key, report: loaded.report, warnings: loaded.invalidKind.map { [$0] } ?? [], movedAside: loaded.movedAside,
            bytes: loaded.bytesRead, since: start)
        return Restoration(
            key: key, screen: loaded.screen, state: loaded.state, report: loaded.report, sighting: loaded.sighting)
    }

    /// The restoration of `loaded` reconciled against `context`, counted and delivered as a
    /// restore that began at `start`.
    func restoration<State: Reconcilable>(
        of loaded: Loaded<State>, _ key: SceneKey, against context: State.Context, since start: ContinuousClock.Instant
    ) -> Restoration<State> {
        let reconciled = loaded.state.reconciled(against: context)
        phaseObserver?(.reconcile)
        let invalid = reconciled.adjustments.isEmpty ? [] : Self.invalidCodes(in: reconciled.adjustments, of: State.self)
        let report = reconciled.adjustments.isEmpty ? loaded.report : loaded.report + invalid + reconciled.adjustments
        let warnings = loaded.invalidKind == nil && invalid.isEmpty ? [] : (loaded.invalidKind.map { [$0] } ?? []) + invalid
        noteRestore(kind: State.kind, key, report: report, warnings: warnings, movedAside: loaded.movedAside, bytes: loaded.bytesRead, since: start)
        return Restoration(
            key: key, screen: loaded.screen, state: reconciled.state, report: report, adjustments: reconciled.adjustments,
            sighting: loaded.sighting, decodedState: loaded.state, context: ReconciliationContext.Holding(context)
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
    /// - Returns: false when the mark could not be cleared (its guard file could not be
    ///   written): the mark stays held, and closing the restorer tries to clear it again.
    @discardableResult
    public func completeRestore<State: RestorableState>(_ restoration: Restoration<State>) -> Bool {
        complete(restoration.screen)
    }

    deinit {
        restoring.withLock { releaseLaunchGuard(&$0) }
    }
}
