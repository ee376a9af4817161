import ScreenModels
import StateRestore
import StateStore

/// A shelf snapshot accepted for storing by `ShelfSnapshotCodec.validateForSave(_:)`: the
/// text exactly as given, with the facts the store files it under.
public struct ValidatedShelfSnapshot: Equatable, Sendable {
    /// The snapshot's format version.
    public let version: Int
    /// Its declared `minReaderVersion`, if any.
    public let minReaderVersion: Int?
    /// The text to store, as given.
    public let payload: String
    /// How many books it lists (0 when a newer format's list cannot be read).
    public let rowCount: Int
    /// When its books were fetched, in seconds since 1970, when it says.
    public let fetchedAt: Double?
    /// The decoded snapshot, when its format is one this build reads.
    public let snapshot: ShelfSnapshot?
}

extension ValidatedShelfSnapshot {
    /// Stores the snapshot (the tool's `shelf save`) under the write gate's rules for the
    /// tool: one of a format this build reads in the current format, a newer one as given.
    package func save(shelf: String, account: String, in store: Store) throws {
        var (bytes, version, minReaderVersion, rowCount, fetchedAt) = (Array(payload.utf8), version, minReaderVersion, rowCount, fetchedAt)
        if let snapshot {
            let encoded = try ShelfSnapshotCodec.encoded(ShelfSnapshotCodec.Stored(snapshot: snapshot))
            (bytes, version, minReaderVersion, rowCount, fetchedAt) = (encoded.bytes, ShelfSnapshotCodec.currentVersion, nil, encoded.rowCount, encoded.fetchedAt)
        }
        try bytes.withUnsafeBufferPointer { bytes in
            try StateDatabase.saveSnapshot(
                bytes, version: version, minReaderVersion: minReaderVersion, rowCount: rowCount, fetchedAt: fetchedAt,
                as: ShelfSnapshotCodec.self, named: shelf, account: account, in: store)
        }
    }
}
