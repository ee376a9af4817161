import Foundation

/// A snapshot as stored, of whatever kind is stored as snapshots (the shelf's): an opaque
/// versioned payload plus the facts `list` shows.
package struct StoredSnapshot: Equatable, Sendable {
    /// The snapshot's id (increasing with each save).
    package let id: Int64
    /// The account the collection belongs to.
    package let account: String
    /// The name of the collection the snapshot is of (a shelf's name; the table's `shelf`
    /// column).
    package let collection: String
    /// The payload's format version.
    package let version: Int
    /// The oldest format whose readers may read it, as its writer declared; nil when only
    /// readers of `version` may.
    package let minReaderVersion: Int?
    /// Why a reader found it unreadable, when one did; such a snapshot is never pruned.
    package let unreadableError: String?
    /// The payload, exactly as stored.
    package let payload: Data
    /// How many rows the snapshot holds.
    package let rowCount: Int
    /// When its content was fetched, in seconds since 1970.
    package let fetchedAt: Double
    /// When it was saved, in seconds since 1970.
    package let savedAt: Double
}
