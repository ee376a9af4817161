/// What the engine needs of a kind stored as snapshots rather than as one record per screen (a
/// shelf's: more rows than a record's 1 MiB holds, the last few kept so that an unreadable
/// newest one falls back to an older): its format, which the kind's module knows. The rules
/// are the engine's: ``StateRestorer/restoreSnapshot(_:named:account:)`` and
/// ``StateRestorer/saveSnapshot(_:as:named:account:)``.
package protocol SnapshotFormat: SendableMetatype {
    /// A decoded snapshot, with whatever its format carries besides the screen's value.
    associatedtype Snapshot: Sendable
    /// What the snapshots are of (`"shelf"`), as reports name them.
    static var kind: String { get }
    /// The format version this build writes, and the newest it reads natively.
    static var currentVersion: Int { get }
    /// How many snapshots this build reads are kept per name; newer ones and unreadable ones
    /// are kept besides, never pruned.
    static var kept: Int { get }
    /// Reads a stored snapshot on the restore path (never throws).
    static func decode(stored bytes: UnsafeBufferPointer<UInt8>) -> RecordDecoding<Snapshot>
    /// `snapshot` in the current format, with the facts the store files it under: how many
    /// rows it holds and when they were fetched (seconds since 1970).
    static func encoded(_ snapshot: Snapshot) throws -> (bytes: [UInt8], rowCount: Int, fetchedAt: Double)
    /// `snapshot`, saved after a restore that could not read the file, with what of `stored`
    /// (the newest stored snapshot this build reads) it must not hide, flagged so that the
    /// next restore shows it.
    static func keeping(_ stored: Snapshot, in snapshot: Snapshot) -> Snapshot
}
