/// What signing out (purging) one account removed: `StateRestorer.signOut(account:)` returns
/// it, and `import StateRestore` brings it.
public struct PurgeResult: Equatable, Sendable {
    /// The number of records deleted.
    public let records: Int
    /// The number of quarantined records deleted.
    public let quarantined: Int
    /// The number of snapshots deleted (of the kinds stored as snapshots, the shelf's).
    public let snapshots: Int
    /// Why the log could not be checkpointed and truncated after the purge, or nil when it was
    /// (with ``remainsInFile`` nil too, no byte of the account is left in the file or its log).
    /// Until a checkpoint completes, the purge's changes, the pages it rewrote, are in the
    /// write-ahead log, and the database file still holds the pages they replace, the deleted
    /// bytes with them (the log may hold earlier copies too). The purge itself is committed
    /// either way; the bytes go at the next checkpoint that completes (the next purge, or a
    /// close with no one reading).
    public var remainsInLog: String? = nil
    /// Whether ``remainsInLog`` is because another connection was reading (a later purge may
    /// clear it), not a storage error.
    package var logHeldByReader = false
    /// Why copies of the deleted records may still be in the database file's unused space, or
    /// nil when every page of the file was rebuilt from the rows that remain after the purge.
    ///
    /// `secure_delete` zeroes what a write deletes, but a page split that once moved a record to
    /// another page can leave its old bytes behind on the page it left; the purge rewrites every
    /// page (`VACUUM`) so that none remain. When another connection is writing, or there is no
    /// space for the rewrite, the purge is still committed and this says why; the next purge
    /// rewrites the pages again.
    public var remainsInFile: String? = nil
    /// Whether ``remainsInFile`` is because another connection held the write lock (a later
    /// purge may clear it), not a storage error.
    package var fileHeldByWriter = false

    /// Whether no byte of the account is left in the file or its log: the pages were rewritten
    /// and the log truncated (neither ``remainsInFile`` nor ``remainsInLog`` says otherwise).
    package var leavesNoTrace: Bool { remainsInFile == nil && remainsInLog == nil }
}
