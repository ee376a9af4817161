/// One write of a record or a snapshot, as ``Store/write(_:rules:)`` (the one function
/// every such write ends in) takes it. A payload is borrowed: SQLite reads it where the caller
/// holds it, for the duration of the call only.
package enum StoreWrite {
    /// A record's UTF-8 `payload` for (account, scene, kind), in the format `version` declares
    /// (with its `minReaderVersion`), saved at `time` (the store's clock when nil). The names
    /// are checked, and so is the store's size limit (`StoreError.recordTooLarge`).
    case record(
        account: String, scene: String, kind: String, version: Int, minReaderVersion: Int?, payload: UnsafeBufferPointer<UInt8>,
        at: Double?)
    /// History entry `id` of (account, scene, kind) put back as its record (a rollback), saved
    /// at `time`: the record it replaces goes into the history first, the entry leaves it, and
    /// the record takes the entry's version, payload and build stamp.
    /// `StoreError.historyEntryNotFound` when the entry is not one of this record's.
    case historyEntry(id: Int64, account: String, scene: String, kind: String, at: Double?)
    /// Quarantined record `id` moved back to its screen, bytes untouched, with the
    /// `minReaderVersion` its format declares (the caller reads the payload; the store does
    /// not). `StoreError.quarantineEntryNotFound` when there is no such entry;
    /// `StoreError.quarantineTargetOccupied` when the rules keep the record stored since.
    case quarantinedRecord(id: Int64, minReaderVersion: Int?)
    /// A snapshot's UTF-8 `payload` for `collection` (of a kind stored as snapshots, the
    /// shelf's), after which the collection keeps the newest `keeping` snapshots its readers
    /// can read (besides every newer or unreadable one).
    case snapshot(
        account: String, collection: String, version: Int, minReaderVersion: Int?, payload: UnsafeBufferPointer<UInt8>, rowCount: Int,
        fetchedAt: Double, keeping: Int)
}
