import Foundation

/// A shelf snapshot as stored: an opaque versioned payload plus the facts `list` shows.
public struct StoredShelfSnapshot: Equatable, Sendable {
    /// The snapshot's id (increasing with each save).
    public let id: Int64
    /// The account the shelf belongs to.
    public let account: String
    /// The shelf's name.
    public let shelf: String
    /// The payload's format version.
    public let version: Int
    /// The oldest format whose readers may read it, as its writer declared; nil when only
    /// readers of `version` may.
    public let minReaderVersion: Int?
    /// Why a reader found it unreadable, when one did; such a snapshot is never pruned.
    public let unreadableError: String?
    /// The payload, exactly as stored.
    public let payload: Data
    /// How many rows the snapshot holds.
    public let rowCount: Int
    /// When its content was fetched, in seconds since 1970.
    public let fetchedAt: Double
    /// When it was saved, in seconds since 1970.
    public let savedAt: Double
}
