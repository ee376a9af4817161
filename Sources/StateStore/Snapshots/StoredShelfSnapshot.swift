import Foundation

/// A shelf snapshot as stored: an opaque versioned payload plus the facts `list` shows.
public struct StoredShelfSnapshot: Equatable, Sendable {
    /// The snapshot's id (increasing with each save).
    public let id: Int64
    public let account: String
    public let shelf: String
    /// The payload's format version.
    public let version: Int
    /// The payload, exactly as stored.
    public let payload: Data
    /// How many rows the snapshot holds.
    public let rowCount: Int
    /// When its content was fetched, in seconds since 1970.
    public let fetchedAt: Double
    /// When it was saved, in seconds since 1970.
    public let savedAt: Double
}
