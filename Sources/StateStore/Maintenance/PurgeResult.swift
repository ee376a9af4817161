/// What signing out (purging) one account removed: `StateRestorer.signOut(account:)` returns
/// it, and `import StateRestore` brings it.
public struct PurgeResult: Equatable, Sendable {
    /// The number of records deleted.
    public let records: Int
    /// The number of quarantined records deleted.
    public let quarantined: Int
    /// The number of snapshots deleted (of the kinds stored as snapshots, the shelf's).
    public let snapshots: Int
    /// Why the deleted bytes are still in the file's write-ahead log, or nil when the log was
    /// checkpointed and truncated after the purge (no byte of the account left in the file or
    /// its log). The purge itself is committed either way; what is left in the log goes at
    /// the next checkpoint that completes (the next purge, or a close with no one reading).
    public var remainsInLog: String? = nil
    /// Whether ``remainsInLog`` is because another connection was reading (a later purge may
    /// clear it), not a storage error.
    package var logHeldByReader = false
}
