import Foundation

/// A scene's view-state record as stored: opaque versioned bytes the store does not interpret.
public struct StoredRecord: Equatable, Sendable {
    /// The account the scene belongs to.
    public let account: String
    /// The scene (window) identifier.
    public let scene: String
    /// The record's format version, as the writer declared it.
    public let version: Int
    /// The payload, exactly as stored (JSON text when written by this project).
    public let payload: Data
    /// When it was last saved, in seconds since 1970.
    public let updatedAt: Double

    /// Creates a record value.
    public init(account: String, scene: String, version: Int, payload: Data, updatedAt: Double) {
        self.account = account
        self.scene = scene
        self.version = version
        self.payload = payload
        self.updatedAt = updatedAt
    }
}
