import ScreenModels
import StateRestore

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
