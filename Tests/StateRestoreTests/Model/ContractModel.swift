import StateRestore

/// The contract in code: what the README's guarantees and the DocC articles say the engine and
/// the tool do, in memory, without SQLite. One function per operation; each returns what the
/// engine must answer and changes the model's store and restorers as the engine must change
/// the file and its own.
///
/// Written from the documentation (`StateRestorer`'s, the write gate's, "Compatibility across
/// releases", history and rollback's: `RestorableState.historyDepth`, `rollBack`, the tool's
/// `history` and `rollback`, the migration's comments), never from the engine's code: where the
/// two disagree, the test says so. The model's kind keeps its last three records; every
/// restorer (the child's too) runs as an app build.
struct ContractModel {
    typealias Slot = ModelOperation.Slot

    /// What a stored record holds, as the read API returns it.
    struct Record: Equatable {
        enum Body: Equatable {
            /// A record whose fields the test compares decoded (the engine's, or a newer
            /// build's readable one), with the unknown `extra` it carries.
            case fields(ModelNote, extra: String?)
            /// Bytes the test wrote and compares exactly (an older build's, an unreadable one's).
            case raw(String, ModelOperation.Build, ModelNote)
        }
        var version: Int
        var minReaderVersion: Int?
        var body: Body
        var updatedAt: Double
    }

    /// A record as it was before a save or a rollback replaced it, with the build whose stamp
    /// counted on it (nil: none) and when it was replaced.
    struct HistoryEntry: Equatable {
        var record: Record
        var build: String?
        var replacedAt: Double
    }

    /// The build that wrote a record, and the time of the record it stamped (it counts while
    /// the record keeps that time).
    struct Stamp: Equatable {
        var build: String
        var at: Double
    }

    /// A quarantined record, as the read API lists it.
    struct Quarantined: Equatable {
        var slot: Slot
        var payload: String
        var version: Int?
        var updatedAt: Double?
        /// The record as it was, when it was readable (moved aside by the crash-loop guard),
        /// and the `minReaderVersion` its payload declares (the tool's restore reads it back).
        var body: Record.Body?
        var minReaderVersion: Int?
    }

    /// What one restore of a screen saw (the write gate's sighting).
    struct Sighting: Equatable {
        var generation: Int?
        /// The file's discard epoch then: a save of a scene discarded since is refused.
        var discardEpoch: Int?
        var isUnseen = false
    }

    /// A save waiting in a restorer's writer.
    struct Pending {
        var note: ModelNote
        var carried: Carried
        var sighting: Sighting?
    }

    /// The fields a save carries: the unknown `extra` and, for a record read through its
    /// `minReaderVersion`, its own format.
    struct Carried: Equatable {
        var extra: String?
        var newerFormat: (version: Int, minReaderVersion: Int)?
        var isEmpty: Bool { extra == nil && newerFormat == nil }
        static let none = Carried()
        static func == (lhs: Carried, rhs: Carried) -> Bool {
            lhs.extra == rhs.extra && lhs.newerFormat?.version == rhs.newerFormat?.version
                && lhs.newerFormat?.minReaderVersion == rhs.newerFormat?.minReaderVersion
        }
    }

    /// A restorer of the test's process.
    struct Restorer {
        /// A restorer of the child process (`restorectl-stress model-child`): its restores are
        /// not reconciled, and what it restores or saves is not in use for this process's prune.
        var isChild = false
        /// A child that runs as an app extension (`DatabaseRole.appExtension`): its crashes
        /// are blamed on the extensions' launches, never the app's.
        var isExtension = false
        /// A restorer that only reads (``ContractModel/launchReader()``): its restores quarantine,
        /// mark and note the use of nothing; it publishes nothing live.
        var readsOnly = false
        /// The app build it runs as (`DatabaseConfiguration.appBuild`), the child's as this process's.
        var build: String?
        var isClosed = false
        var isSuspended = false
        var writerClosed = false
        var sightings: [Slot: Sighting] = [:]
        var carried: [Slot: Carried] = [:]
        var restored: Set<Slot> = []
        /// The slots whose restore applied a record and that are not persisted since: live,
        /// as a tracked screen is.
        var uncompleted: Set<Slot> = []
        /// The screens whose `persist` scheduled the turn that completes their restore, not run
        /// yet: that turn, or the restorer's next flush, close, suspension or move, completes
        /// the screen's latest restore.
        var pendingCompletions: Set<Slot> = []
        /// The latest restoration of each slot, which `persist` follows.
        var restorations: [Slot: (note: ModelNote, carried: Carried, sighting: Sighting)] = [:]
        var pending: [Slot: Pending] = [:]
        var isScheduled = false
        var unwritten: [Slot: String] = [:]
        var uses: [Slot: Double] = [:]
        /// A child's scenes in use (its own process's, spared by its prune).
        var inUse: Set<Slot> = []
        /// What this restorer's first restore that read the file found of crashed launches.
        var crashCheck: CrashCheck?
        /// The record the latest restore applied (its crash-loop mark), or nil.
        var lastMarked: Blamed?
        /// What opening the file found, first in every report of a restore that reads it.
        var reportPrefix: [String] = []
        /// Whether the writer's own connection is open (it opens at its first write, closes at
        /// suspension and close): open, it keeps the file's log and shared memory in place even
        /// while the launch connection could only read.
        var writerIsOpen = false
        /// Whether one of its connections keeps the file's log and shared memory in place: its
        /// launch connection opened for writing, or its writer's is open.
        var holdsLogFiles: Bool { !isClosed && !isSuspended && !isOrphaned && (reportPrefix != ["database-read-only"] || writerIsOpen) }
        /// Whether its file was removed while it had it open (``ContractModel/removeFile()``):
        /// its restores answer the default state (`database-unavailable`), its writes are
        /// refused, and nothing it notes (scenes in use, live screens, sign-outs) is of the file
        /// made at the path since.
        var isOrphaned = false
        /// Whether an orphan's restore side still holds its connection to the removed file: its
        /// next hand save then reaches the write transaction, which refuses (`fileMoved`) and
        /// lets go of it; without it, a hand save is refused before (`databaseUnusable`).
        var holdsRemovedFileConnection = false
        /// What each account's shelf's latest restore (or first save) captured.
        var shelfSightings: [String: Sighting] = [:]
        /// A child's accounts signed out in its own process, with the fence a first save takes
        /// (``ContractModel/signedOutHere`` is this process's).
        var signedOut: [String: Int] = [:]
        /// A child's scenes as its process last published them live (``ContractModel/publishedHere``
        /// is this process's).
        var published: Set<Slot> = []
    }

    /// A live (or stopped) persistence tracking.
    struct Tracking {
        var restorer: Int
        var slot: Slot
        var current: ModelNote
        var lastSaved: ModelNote
        var isStopped = false
        var isObserving = true
        var ownCarried: Carried
        var ownSighting: Sighting
    }

    /// What an operation answered; the engine's answer must be equal.
    enum Outcome: Equatable, CustomStringConvertible {
        case done
        case skipped
        case restored(ModelNote, codes: [String], carried: Carried)
        case threw(String)
        case scenes([Slot])
        case count(Int)
        case toolExit(Int32)
        /// What `rollBack` answered: the scenes rolled back, refused (with why), with nothing earlier.
        case rolledBack([Slot], refused: [String], nothingEarlier: [Slot])

        var description: String {
            switch self {
            case .done: "done"
            case .skipped: "skipped"
            case .restored(let note, let codes, let carried):
                "restored \(note) \(codes) extra=\(carried.extra ?? "-") format=\(carried.newerFormat.map { "\($0.version)/\($0.minReaderVersion)" } ?? "-")"
            case .threw(let error): "threw \(error)"
            case .scenes(let slots): "scenes \(slots)"
            case .count(let count): "count \(count)"
            case .toolExit(let status): "exit \(status)"
            case .rolledBack(let slots, let refused, let nothingEarlier): "rolled back \(slots) refused \(refused) nothing earlier \(nothingEarlier)"
            }
        }
    }

    static let accounts = ["alice", "bob"]

    /// The suffixes of the names a database's own files take beside it, which a move onto
    /// refuses.
    static let ownFileSuffixes = ["-wal", "-shm", "-journal", "-guard", "-live", "-moved"]
    static let scenes = ["s1", "s2", "s3"]
    static let slots = accounts.flatMap { account in scenes.map { Slot(account: account, scene: $0) } }
    static let day = 86_400.0
    static let startTime = 1_800_000_000.0

    var now = startTime
    var items = [1, 2, 3, 4, 5, 6]
    var records: [Slot: Record] = [:]
    /// Each record's history, newest first, and its build stamp.
    var history: [Slot: [HistoryEntry]] = [:]
    var stamps: [Slot: Stamp] = [:]
    /// The build the next launches of this process run as.
    var build = "1.0"
    var quarantine: [Quarantined] = []
    var generations: [String: Int] = [:]
    /// How many discards and prunes deleted scenes (the file's discard epoch), and each
    /// scene's fence: the epoch of its latest discard.
    var discardEpoch = 0
    var discardFences: [Slot: Int] = [:]
    /// Use times the store holds (`noteScenesUsed`), per scene.
    var useTimes: [Slot: Double] = [:]
    /// The scenes this process restored or saved (every restorer's), spared by its prune.
    var scenesInUse: Set<Slot> = []
    var restorers: [Restorer] = []
    var trackings: [Tracking] = []
    /// The trackings whose turn is scheduled, in the order the main actor runs them.
    var turns: [Int] = []
    /// The screens whose restore a killed child never completed, not yet handled by a launch.
    var blame: Set<Blamed> = []
    /// The same for the extensions' launches (the guard blames by role).
    var extensionBlame: Set<Blamed> = []
    var extensionCrashedLaunches = 0
    /// The launches in a row whose crash check found a crashed restore (the guard file's count).
    var crashedLaunches = 0
    /// Each account's shelf snapshots (their queries), oldest first, the last few kept.
    var shelves: [String: [String]] = [:]
    /// The accounts this process signed out and has not restored since, with the fence a save
    /// of a screen that captured none takes (the generation before the sign-out): every
    /// restorer of the process refuses their saves (`signOut(account:)`).
    var signedOutHere: [String: Int] = [:]
    /// The scenes this process last published as live in the file's `-live` sibling (what a
    /// discard or prune of another process sees), and whether that file exists (a full file
    /// system lets a process write into an existing one, never make it).
    var publishedHere: Set<Slot> = []
    /// Whether ``publishedHere`` is held without a lock, every restorer of this process having
    /// been suspended (or closed) when it was written.
    var publishedHereHeld = false
    var liveFileExists = false
    /// Whether a killed process's writing connection left the log and shared memory on disk
    /// (no close removed them): a launch on a full file system opens for writing beside them,
    /// as beside a live writer's, until a last connection's clean close on a writable file
    /// system removes them (soak seed 799157541084: a share extension killed mid-save, the
    /// disk full, and the next launch wrote).
    var logFilesLeftByKill = false
    /// Whether the file system is mounted read-only now, or full.
    var isReadOnly = false
    var isFull = false

    func generation(_ account: String) -> Int { generations[account] ?? 0 }

    /// A discard or prune of `slots` (`discard(_:)`, `removeScenes`, the tool's): a new epoch,
    /// and each scene fenced at it.
    mutating func fenceDiscarded(_ slots: [Slot]) {
        guard !slots.isEmpty else { return }
        discardEpoch += 1
        for slot in slots { discardFences[slot] = discardEpoch }
    }

    /// The fence a save of `account`'s screen by restorer `r` takes, for that save only, when no
    /// restore captured one and its process signed the account out and has not restored it since:
    /// the generation before the sign-out. Nil otherwise: the first save captures the
    /// generation now, and keeps it.
    func signOutFence(_ r: Int, _ account: String) -> Int? {
        restorers[r].isChild ? restorers[r].signedOut[account] : signedOutHere[account]
    }

    /// A restore by `r` read `account`: its process saves the account's scenes again.
    mutating func signedBackIn(_ r: Int, _ account: String) {
        if restorers[r].isChild { restorers[r].signedOut[account] = nil } else { signedOutHere[account] = nil }
    }
}
