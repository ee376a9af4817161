/// How a `Database` connection is opened and tuned.
public struct DatabaseConfiguration: Sendable {
    /// Whether the connection may write, and whether a missing file is created.
    public enum Access: Sendable, Equatable {
        /// Read and write; with `createIfMissing`, a missing file is created (mode 0600).
        case readWrite(createIfMissing: Bool)
        /// Read only; the file is never created or modified.
        case readOnly
    }

    /// Read/write access, creating the file when it is missing.
    public var access: Access = .readWrite(createIfMissing: true)
    /// How long a statement waits for another connection's lock before failing with `SQLITE_BUSY`.
    public var busyTimeoutMilliseconds: Int32 = 5_000
    /// How long a launch's open and restores wait for another process's lock before answering
    /// `database-busy` with defaults (a launch that blocks for seconds is killed by the system's
    /// watchdog). Saves wait ``busyTimeoutMilliseconds``.
    public var launchBudgetMilliseconds: Int32 = 250
    /// The largest file (with its `-wal`) a launch migrates itself; a larger one is migrated off
    /// the launch's thread while restores answer `database-needs-migration` with defaults. The
    /// default, 1 MiB, migrates in about 25 ms on a laptop, well inside the launch budget on a
    /// slower phone too.
    public var launchMigrationLimitBytes: Int = 1 << 20
    /// The size the write-ahead log is truncated back to after a checkpoint.
    public var journalSizeLimitBytes: Int64 = 4 * 1024 * 1024
    /// An SQLite VFS registered under this name, instead of the default one (tests inject faults).
    public var vfsName: String?
    /// What a commit survives when it returns: an app crash (`.crashSafe`, the default) or a
    /// power loss (`.powerSafe`, one `fsync` per commit).
    public var durability: Durability = .crashSafe
    /// Prepared statements kept for reuse by SQL text.
    public var statementCacheCapacity = 64
    /// Which process opens the file: the app owns it, an extension only uses it.
    public var role: DatabaseRole = .app
    /// The Data Protection class given to the database, its `-wal` and its `-shm` each time a
    /// connection opens them (Apple platforms but macOS; a no-op elsewhere). Nil leaves the
    /// class the files get from their folder.
    public var fileProtection: DatabaseFileProtection?
    /// The migrations the engine's stores of this configuration know, in place of the ones
    /// embedded in this build: tests run the engine as an older or newer release would (a
    /// "build N" knows migrations 1…N). Nil: the embedded ones.
    package var migrations: [MigrationFile]?
    /// The time, in seconds since 1970, that the store and the engine stamp records, use times
    /// and quarantine entries with and that expiry and pruning measure ages against: the wall
    /// clock (`Store.now()`) by default. A test sets its own to move time without waiting;
    /// it is read once per write or restore, so it must be cheap.
    public var clock: @Sendable () -> Double = Store.now
    /// The app build that writes through this configuration, for example `"1.4.2 (812)"`:
    /// every record it saves carries it (beside the record, in the same transaction), so a
    /// release that wrote bad state can be found and rolled back
    /// (`StateRestorer.rollBack(kind:writtenBy:)`). Nil, the default, stamps nothing; 1–256
    /// characters otherwise (a longer or empty one stamps nothing either).
    public var appBuild: String?

    /// The default configuration: read/write, creating the file, a five-second busy timeout.
    public init() {}

    /// A configuration with the given access and defaults elsewhere.
    public init(access: Access) { self.access = access }

    /// A configuration for the given role (`.appExtension` in a widget or share extension)
    /// and defaults elsewhere.
    public init(role: DatabaseRole) { self.role = role }
}
