import JSON
import StateStore

/// Saves screens' state on every change without writing on every change: saves of the same
/// screen (scene and kind) within a window (default one second) collapse into one write of the
/// latest state. Any ``RestorableState`` kind can be saved through one writer.
///
/// - `save(_:for:carrying:)` only records the state and, if no write is scheduled, schedules one
///   a window from now; it never touches the disk, so it is cheap enough for every keystroke.
/// - When the window ends, every pending scene is encoded and written in one transaction.
/// - `flush()` writes everything pending now, in one transaction, and returns once it has
///   committed. Call it when the app goes to the background or quits. A crash loses at most
///   the saves of the last window; nothing `flush()` acknowledged is lost.
///
/// The writer has its own connection, is safe to call from any thread, and never replaces a
/// stored record of a newer format (those scenes are returned by `flush()` and skipped).
/// ``StateRestorer`` holds one and feeds it from `persist`; use a writer of your own only to
/// save by hand on a second connection.
///
/// ```swift
/// let writer = try CoalescingWriter(path: statePath)
/// writer.save(screen.viewState, for: key)      // on every change
/// try writer.flush()                           // on background / quit
/// ```
public final class CoalescingWriter: Sendable {
    /// How long saves of one scene are collected before they are written.
    public let window: Duration
    private let scheduler: any WriteScheduling
    /// The connection; held for the whole of a write, so a flush waits for a write in flight.
    private let store: Locked<Connection>
    private let state = Locked(Pending())
    /// The database file; it changes only when the restorer's `relocate(to:)` moves it.
    private let location: Locked<String>
    private var path: String { location.withLock { $0 } }
    private let configuration: DatabaseConfiguration

    /// The writer's connection: not yet opened (a restorer's writer opens at its first write),
    /// open, or closed for good.
    private enum Connection {
        case unopened
        case open(Store)
        /// Closed while the app is suspended: saves stay pending, nothing is written or opened.
        case suspended
        case closed
    }

    private struct Pending {
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
    }

    private struct Entry {
        var state: any RestorableState
        var carrying: JSONObject
        /// What the screen's restore saw (nil: a save by hand of this writer, no restore): the
        /// write gate's rules for the write follow from it.
        var sighting: WriteGate.Sighting?
    }

    /// Opens (creating and migrating as needed) the database at `path` for writing.
    ///
    /// - Parameters:
    ///   - path: the database file.
    ///   - window: how long saves are collected before one write (default one second).
    ///   - configuration: how the connection is opened and tuned (access mode, busy timeout).
    ///   - scheduler: what runs the write when the window ends (tests pass a manual one).
    public init(
        path: String,
        window: Duration = .seconds(1),
        configuration: DatabaseConfiguration = DatabaseConfiguration(),
        scheduler: any WriteScheduling = DispatchWriteScheduler()
    ) throws {
        let store = try Store(path: path, configuration: configuration, migrator: StateMigrations.makeMigrator())
        self.store = Locked(.open(store))
        self.location = Locked(path)
        self.configuration = configuration
        self.window = window
        self.scheduler = scheduler
    }

    /// A writer whose connection opens at its first write (a restorer's: the launch pays for
    /// one connection only); a failed open keeps the states pending, like a failed write.
    init(opensOnFirstWrite path: String, window: Duration, configuration: DatabaseConfiguration, scheduler: any WriteScheduling) {
        self.store = Locked(.unopened)
        self.location = Locked(path)
        self.configuration = configuration
        self.window = window
        self.scheduler = scheduler
    }

    /// Records `state` as `key`'s latest and schedules a write unless one is scheduled.
    /// Returns at once; the state is written when the window ends or at the next `flush()`.
    public func save<State: RestorableState>(_ state: State, for key: SceneKey, carrying fields: JSONObject = JSONObject()) {
        save(state, for: key, rules: PersistenceTracking.SaveRules(carrying: fields))
    }

    /// `save(_:for:carrying:)` following what a restorer's restore of the screen saw: the
    /// write gate's rules for its write (the newer record that must stay, the record it did not
    /// see, the sign-out fence) follow from it.
    func save<State: RestorableState>(_ state: State, for key: SceneKey, rules: PersistenceTracking.SaveRules) {
        let mustSchedule = self.state.withLock { pending in
            pending.entries[ScreenKey(scene: key, kind: State.kind)] = Entry(state: state, carrying: rules.carrying, sighting: rules.sighting)
            guard !pending.isScheduled else { return false }
            pending.isScheduled = true
            return true
        }
        if mustSchedule {
            scheduler.schedule(after: window) { [weak self] in self?.windowEnded() }
        }
    }

    /// Writes everything pending in one transaction and returns when it has committed.
    ///
    /// - Returns: the scenes skipped because the database holds a record of a newer format
    ///   (never replaced) or one their launch did not see, because their record would exceed
    ///   the size limit or their kind's declared budget, or because their state cannot be
    ///   encoded (a non-finite number); ``unwrittenSaves`` says why for each. Saves written
    ///   over the default size budget are not in it: ``oversizedSaves`` lists them.
    /// - Throws: the storage error when the write failed; the states stay pending for the
    ///   next write.
    @discardableResult
    public func flush() throws -> [SceneKey] {
        try writePending(includingUses: true)
    }

    /// Notes that `scene` was used (restored): the time rides on the next write, or on the
    /// next `flush()` (at suspension or close), never on a commit of its own at launch.
    func noteUse(of scene: SceneKey, at time: Double? = nil) {
        let time = time ?? configuration.clock()
        state.withLock { $0.uses[scene] = time }
    }

    /// How many saves are waiting for a write.
    public var pendingCount: Int { state.withLock { $0.entries.count } }

    /// How many write transactions have committed (each holds every scene pending then).
    public var writesCommitted: Int { state.withLock { $0.writesCommitted } }

    /// The error of the last scheduled write that failed, if the states it held are still
    /// pending; `flush()` retries them and throws.
    public var lastWriteError: (any Error)? { state.withLock { $0.lastError } }

    /// Flushes, then closes the connection; later saves are kept pending and never written.
    public func close() throws {
        defer {
            store.withLock { connection in
                if case .open(let store) = connection { store.close() }
                connection = .closed
            }
        }
        try flush()
    }

    // MARK: Writing

    private func windowEnded() {
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

    private func writePending(includingUses: Bool = false) throws -> [SceneKey] {
        try store.withLock { connection in
            let hasPending = state.withLock { !$0.entries.isEmpty || (includingUses && !$0.uses.isEmpty) }
            let store: Store
            switch connection {
            case .closed: throw RestoreError.databaseUnusable("the coalescing writer is closed")
            case .suspended: return []
            case .unopened:
                guard hasPending else { return [] }
                guard !DeferredMigration.isRunning(path) else {
                    // The launch handed a long migration to the background: the saves wait for it.
                    let waiting = RestoreError.databaseUnusable("the database is being migrated in the background; the saves wait for it")
                    state.withLock { $0.lastError = waiting }
                    throw waiting
                }
                do {
                    store = try Store(path: path, configuration: configuration, migrator: StateMigrations.makeMigrator())
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
            var skipped: [ScreenKey: UnwrittenSave.Reason] = [:]
            var oversized: [ScreenKey: RecordSizeBreakdown] = [:]
            do {
                try store.writeTransaction {
                    skipped = [:]
                    oversized = [:]
                    for (key, entry) in batch {
                        do {
                            oversized[key] = try Self.save(entry.state, for: key.scene, entry: entry, in: store)
                        } catch RestoreError.wouldReplaceNewerRecord(_, let version) {
                            skipped[key] = .newerRecordKept(version: version)
                        } catch StoreError.existingRecordKept {
                            skipped[key] = .storedRecordNotSeen
                        } catch RestoreError.invalidRecord(let detail) {
                            skipped[key] = .invalidState(detail)
                        } catch StoreError.recordTooLarge(let bytes, let limit) {
                            skipped[key] = .recordTooLarge(bytes: bytes, limit: limit)
                        } catch StoreError.accountSignedOut {
                            skipped[key] = .accountSignedOut
                        } catch RestoreError.recordOverBudget(_, _, let size) {
                            skipped[key] = .overBudget(size)
                        }
                    }
                    try store.noteScenesUsed(uses.keys.map { (account: $0.account, scene: $0.scene) }, at: uses.values.max() ?? store.currentTime())
                }
            } catch {
                // A damaged file is a typed outcome (the next launch moves it aside), not a raw
                // SQLite message.
                let failure: any Error = (error as? SQLiteError).flatMap { $0.indicatesDamage ? MigrationError.corrupt(path: store.path, reason: $0.message) : nil } ?? error
                restore(batch, after: failure)
                state.withLock { pending in pending.uses.merge(uses) { newer, _ in newer } }
                throw failure
            }
            state.withLock { pending in
                pending.writesCommitted += 1
                pending.lastError = nil
                for key in batch.keys {
                    pending.unwritten[key] = skipped[key]
                    if skipped[key] == nil { pending.oversized[key] = oversized[key] }
                }
            }
            return skipped.keys.map(\.scene).sorted { ($0.account, $0.scene) < ($1.account, $1.scene) }
        }
    }

    /// The saves that writes skipped (a newer record kept, a record the launch did not see,
    /// a state that cannot be stored), with why, until the screen's next save is written;
    /// ordered by account, scene and kind.
    public var unwrittenSaves: [UnwrittenSave] {
        state.withLock { pending in
            pending.unwritten.map { UnwrittenSave(key: $0.key.scene, kind: $0.key.kind, reason: $0.value) }
                .sorted { ($0.key.account, $0.key.scene, $0.kind) < ($1.key.account, $1.key.scene, $1.kind) }
        }
    }

    /// The saves written although their record is over the default size budget (their kind
    /// declares none), with each record's largest fields, until the screen's next save is
    /// written within it; ordered by account, scene and kind.
    public var oversizedSaves: [OversizedSave] {
        state.withLock { pending in
            pending.oversized.map { OversizedSave(key: $0.key.scene, kind: $0.key.kind, size: $0.value) }
                .sorted { ($0.key.account, $0.key.scene, $0.kind) < ($1.key.account, $1.key.scene, $1.kind) }
        }
    }

    /// Records what a save written outside the writer (a restorer's hand save) found: over
    /// the default budget (`size`) or within it (nil).
    func noteWritten(_ screen: ScreenKey, oversized size: RecordSizeBreakdown?) {
        state.withLock { pending in
            // Within the budget with nothing listed (every normal save): no hashing.
            if size == nil, pending.oversized.isEmpty { return }
            pending.oversized[screen] = size
        }
    }

    /// Forgets the pending saves of the scenes `isDropped` names (discarded scenes).
    func dropPending(where isDropped: (SceneKey) -> Bool) {
        state.withLock { pending in
            pending.entries = pending.entries.filter { !isDropped($0.key.scene) }
            pending.unwritten = pending.unwritten.filter { !isDropped($0.key.scene) }
            pending.uses = pending.uses.filter { !isDropped($0.key) }
            pending.oversized = pending.oversized.filter { !isDropped($0.key.scene) }
        }
    }

    /// Writes what is pending, then closes the connection and holds every later save in
    /// memory, opening nothing, until ``resumeWriting()``.
    func suspendWriting() throws {
        try flush()
        store.withLock { connection in
            if case .open(let store) = connection { store.close() }
            if case .closed = connection { return }
            connection = .suspended
        }
    }

    /// Lets writes open the connection again (at the next write).
    func resumeWriting() {
        store.withLock { connection in
            if case .suspended = connection { connection = .unopened }
        }
    }

    /// Lets writes open the connection again, at `path` (the database's new place), at the next
    /// write.
    func resumeWriting(at path: String) {
        store.withLock { connection in
            location.withLock { $0 = path }
            if case .suspended = connection { connection = .unopened }
        }
    }

    /// Saves one entry; opened from its existential so the codec runs for its concrete kind.
    private static func save<State: RestorableState>(_ state: State, for key: SceneKey, entry: Entry, in store: Store) throws -> RecordSizeBreakdown? {
        try RecordSaving.save(
            state, for: key, carrying: entry.carrying,
            rules: WriteGate.recordRules(for: State.self, after: entry.sighting, carrying: entry.carrying, replacingNewer: false), in: store)
    }

    /// Puts a failed batch back, except scenes saved again since (their newer state wins).
    private func restore(_ batch: [ScreenKey: Entry], after error: any Error) {
        state.withLock { pending in
            for (key, entry) in batch where pending.entries[key] == nil {
                pending.entries[key] = entry
            }
            pending.lastError = error
        }
    }
}
