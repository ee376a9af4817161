import JSON
import StateStore

/// The coalesced writes behind ``StateRestorer/persist(from:_:)``: saves of one screen (scene
/// and kind) within a window (default one second) collapse into one write of the latest state,
/// every pending screen in one transaction; `save` never touches the disk. On its own
/// connection, safe from any thread; ``StateRestorer`` holds one.
package final class CoalescingWriter: Sendable {
    /// How long saves of one scene are collected before they are written.
    package let window: Duration

    let scheduler: any WriteScheduling

    /// The connection; held for the whole of a write, so a flush waits for a write in flight.
    let store: Locked<Connection>

    let state = Locked(Pending())

    /// The database file (the restorer's, shared); it changes only when the restorer's
    /// `relocate(to:)` moves it.
    let location: Locked<RestorerFile>

    var path: String { location.withLock { $0.path } }
    /// The file every connection of the writer opens.
    var file: DatabaseFile { location.withLock { $0.file } }

    let configuration: DatabaseConfiguration

    /// Where the saves' events go (the restorer's handler); the writer counts saves in ``Pending``.
    let diagnosis: Diagnosis

    /// The writer's connection: not yet opened (a restorer's writer opens at its first write),
    /// open, or closed for good.
    enum Connection {
        case unopened
        case open(Store)
        /// Closed while the app is suspended: saves stay pending, nothing is written or opened.
        case suspended
        case closed
    }

    struct Pending {
        var entries: [ScreenKey: Entry] = [:]
        var isScheduled = false
        var writesCommitted = 0
        var lastError: (any Error)?
        /// The saves writes skipped, until the screen's next save is written.
        var unwritten: [ScreenKey: UnwrittenSave.Reason] = [:]
        /// Scenes restored (used) since the last write, written with the next write or flush.
        var uses: [SceneKey: Double] = [:]
        /// The saves written over the default size budget, until the screen's next save is
        /// written within it.
        var oversized: [ScreenKey: RecordSizeBreakdown] = [:]
        /// Every save settled so far, per kind and outcome (``StateRestorer/statistics``):
        /// counted under this lock, which each save takes anyway.
        var saveCounts = RestoreStatistics()
    }

    struct Entry {
        var state: any RestorableState
        /// What the screen's restore saw (none for a save by hand of this writer): the fields
        /// the write carries, and the write gate's rules for it.
        var sighting: WriteGate.Sighting
    }

    /// Opens (creating and migrating as needed) the database at `path` for writing.
    ///
    /// - Parameters:
    ///   - path: the database file.
    ///   - window: how long saves are collected before one write (default one second).
    ///   - configuration: how the connection is opened and tuned (access mode, busy timeout).
    ///   - scheduler: what runs the write when the window ends (tests pass a manual one).
    package init(
        path: String,
        window: Duration = .seconds(1),
        configuration: DatabaseConfiguration = DatabaseConfiguration(),
        scheduler: any WriteScheduling = DispatchWriteScheduler()
    ) throws {
        let file = try DatabaseFile(resolving: path)
        let store = try Store(file: file, configuration: configuration, migrator: StateMigrations.makeMigrator(migrations: configuration.migrations))
        self.store = Locked(.open(store))
        self.location = Locked(RestorerFile(file: file, refusal: nil))
        self.configuration = configuration
        self.window = window
        self.scheduler = scheduler
        self.diagnosis = Diagnosis(handler: nil)
    }

    /// A writer whose connection opens at its first write (a restorer's: the launch pays for
    /// one connection only); a failed open keeps the states pending, like a failed write.
    init(opensOnFirstWrite location: Locked<RestorerFile>, window: Duration, configuration: DatabaseConfiguration, scheduler: any WriteScheduling, diagnosis: Diagnosis) {
        self.store = Locked(.unopened)
        self.location = location
        self.configuration = configuration
        self.window = window
        self.scheduler = scheduler
        self.diagnosis = diagnosis
    }

    /// Records `state` as `key`'s latest and schedules a write unless one is scheduled.
    /// Returns at once; the state is written when the window ends or at the next `flush()`.
    package func save<State: RestorableState>(_ state: State, for key: SceneKey, carrying fields: JSONObject = JSONObject()) {
        save(state, for: key, after: WriteGate.Sighting(carried: fields))
    }

    /// `save(_:for:carrying:)` following what a restorer's restore of the screen saw: the
    /// fields it carries and the write gate's rules for its write (the newer record that must
    /// stay, the record it did not see, the sign-out fence) follow from it.
    func save<State: RestorableState>(_ state: State, for key: SceneKey, after sighting: WriteGate.Sighting) {
        let (mustSchedule, replaced) = self.state.withLock { pending in
            let replaced = pending.entries.updateValue(Entry(state: state, sighting: sighting), forKey: ScreenKey(scene: key, kind: State.kind)) != nil
            if replaced { pending.saveCounts.add(SaveOutcome.coalescedAway, kind: State.kind, bytes: 0, duration: .zero) }
            guard !pending.isScheduled else { return (false, replaced) }
            pending.isScheduled = true
            return (true, replaced)
        }
        if replaced { diagnosis.deliverSave(kind: State.kind, key, .coalescedAway, bytes: 0, duration: .zero) }
        if mustSchedule {
            scheduler.schedule(after: window) { [weak self] in self?.windowEnded() }
        }
    }

    /// Writes everything pending in one transaction; returns and throws as ``StateRestorer/flush(isolation:)`` does.
    @discardableResult
    package func flush() throws -> [SceneKey] {
        try writePending(includingUses: true, refusingHeldSaves: true)
    }

    /// Notes that `scene` was used (restored): the time rides on the next write, or on the
    /// next `flush()` (at suspension or close), never on a commit of its own at launch.
    func noteUse(of scene: SceneKey, at time: Double? = nil) {
        let time = time ?? configuration.clock()
        state.withLock { $0.uses[scene] = time }
    }

    /// How many saves are waiting for a write.
    package var pendingCount: Int { state.withLock { $0.entries.count } }

    /// Whether `screen` has a save waiting for a write.
    func hasPendingSave(of screen: ScreenKey) -> Bool { state.withLock { $0.entries[screen] != nil } }

    /// The scenes with a save waiting for a write, each once, ordered by account and scene.
    var pendingScenes: [SceneKey] {
        state.withLock { pending in
            var scenes: [SceneKey] = []
            for key in pending.entries.keys where !scenes.contains(key.scene) { scenes.append(key.scene) }
            return scenes.sorted { $0.precedes($1) }
        }
    }

    /// How many write transactions have committed (each holds every scene pending then).
    package var writesCommitted: Int { state.withLock { $0.writesCommitted } }

    /// The error of the last scheduled write that failed, if the states it held are still
    /// pending; `flush()` retries them and throws.
    package var lastWriteError: (any Error)? { state.withLock { $0.lastError } }

    /// Flushes, then closes the connection; later saves are kept pending and never written.
    /// Closing while suspended writes what waited first: the app is quitting, and a save held
    /// for resume would otherwise be dropped without a word.
    package func close() throws {
        defer {
            store.withLock { connection in
                if case .open(let store) = connection { store.close() }
                connection = .closed
            }
        }
        store.withLock { connection in
            if case .suspended = connection { connection = .unopened }
        }
        // Closed already: a second close says the writer is closed (`databaseUnusable`).
        _ = try writePending(includingUses: true)
    }
}
