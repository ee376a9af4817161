import Foundation

/// One screen's state record as stored: opaque versioned bytes the store does not interpret.
package struct StoredRecord: Equatable, Sendable {
    package let account: String
    package let scene: String
    /// Which screen's state this is (`catalog`, `notes`, or an app's own kind).
    package let kind: String
    /// The record's format version, as the writer declared it.
    package let version: Int
    /// The oldest format whose readers may read and rewrite this record, as the writer
    /// declared it; nil when only readers of `version` may.
    package let minReaderVersion: Int?
    /// The payload, exactly as stored (JSON text when written by this project).
    package let payload: Data
    /// When it was last saved, in seconds since 1970.
    package let updatedAt: Double

    package init(
        account: String, scene: String, kind: String, version: Int, minReaderVersion: Int? = nil,
        payload: Data, updatedAt: Double
    ) {
        self.account = account
        self.scene = scene
        self.kind = kind
        self.version = version
        self.minReaderVersion = minReaderVersion
        self.payload = payload
        self.updatedAt = updatedAt
    }
}
