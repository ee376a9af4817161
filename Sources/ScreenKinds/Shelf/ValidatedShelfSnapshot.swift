import ScreenModels
import StateRestore
import StateStore

/// A shelf snapshot accepted for storing by `ShelfSnapshotCodec.validateForSave(_:)`: the
/// text to store (in the current format, or a newer one's as given), with the facts the store
/// files it under.
package struct ValidatedShelfSnapshot: Equatable, Sendable {
    /// The stored text's format version.
    package let version: Int
    /// Its declared `minReaderVersion`, if any.
    package let minReaderVersion: Int?
    /// The text to store.
    package let payload: String
    /// How many books it lists (0 when a newer format's list cannot be read).
    package let rowCount: Int
    /// When its books were fetched, in seconds since 1970, when it says.
    package let fetchedAt: Double?
    /// The decoded snapshot, when its format is one this build reads.
    package let snapshot: ShelfSnapshot?
}

extension ValidatedShelfSnapshot {
    /// Stores the snapshot (the tool's `shelf save`) under the write gate's rules for a save
    /// no restore came before: no fence, and a stored snapshot of a newer format is kept.
    package func save(shelf: String, account: String, in store: Store) throws {
        var payload = payload
        try payload.withUTF8 { bytes in
            try StateRestorer.writeSnapshot(
                bytes, version: version, minReaderVersion: minReaderVersion, rowCount: rowCount, fetchedAt: fetchedAt,
                as: ShelfSnapshotCodec.self, named: shelf, account: account, after: nil, in: store)
        }
    }
}
