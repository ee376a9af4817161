extension DatabaseConfiguration {
    /// How far a commit has reached when it returns: past a crash of the app, or past a power loss.
    ///
    /// Both keep the file consistent after any crash or power loss; they differ in what a power
    /// loss may take back. The mode is a property of the connection, applied whenever a
    /// read/write connection switches the file to write-ahead logging, so every writer opened
    /// with the configuration (`Store`, `StateRestorer`, `CoalescingWriter`) keeps its promise.
    ///
    /// ```swift
    /// var configuration = DatabaseConfiguration()
    /// configuration.durability = .powerSafe   // on stable storage when save/flush() returns
    /// ```
    public enum Durability: String, Sendable, Equatable, CaseIterable {
        /// The default. A commit is in the write-ahead log when it returns (WAL,
        /// `synchronous=NORMAL`): it survives a crash or `kill -9` of the app, and the log is
        /// synced at each checkpoint. A power loss may roll back the commits since the last
        /// checkpoint, never part of one.
        case crashSafe
        /// A commit is on stable storage when it returns (WAL, `synchronous=FULL`): the log is
        /// synced at every commit, so a power loss loses nothing that `save` or `flush()`
        /// acknowledged. Costs one `fsync` per commit. It also sets `fullfsync` and
        /// `checkpoint_fullfsync`, which on Apple platforms make each sync an `F_FULLFSYNC` (a
        /// plain `fsync` there does not reach stable storage); elsewhere SQLite ignores them.
        case powerSafe

        /// The `PRAGMA synchronous` level that gives this promise in WAL mode.
        var synchronousLevel: String {
            switch self {
            case .crashSafe: "NORMAL"
            case .powerSafe: "FULL"
            }
        }

        /// The statements that set this promise on a read/write connection: the `synchronous`
        /// level, and for ``powerSafe`` the full syncs Apple platforms need (no-ops elsewhere).
        var connectionPragmas: String {
            switch self {
            case .crashSafe: "PRAGMA synchronous = NORMAL"
            case .powerSafe: "PRAGMA synchronous = FULL; PRAGMA fullfsync = ON; PRAGMA checkpoint_fullfsync = ON"
            }
        }
    }
}
