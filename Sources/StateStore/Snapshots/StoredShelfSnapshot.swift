import Foundation

/// A shelf snapshot as stored: an opaque versioned payload plus the facts `list` shows.
package struct StoredShelfSnapshot: Equatable, Sendable {
    /// The snapshot's id (increasing with each save).
    package let id: Int64
    /// The account the shelf belongs to.
    package let account: String
    /// The shelf's name.
    package let shelf: String
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
