/// What signing out (purging) one account removed: `StateRestorer.signOut(account:)` returns
/// it, and `import StateRestore` brings it.
public struct PurgeResult: Equatable, Sendable {
    /// The number of records deleted.
    public let records: Int
    /// The number of quarantined records deleted.
    public let quarantined: Int
    /// The number of snapshots deleted (of the kinds stored as snapshots, the shelf's).
    public let snapshots: Int
}
