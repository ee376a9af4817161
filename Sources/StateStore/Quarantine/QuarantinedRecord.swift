import Foundation

/// Why a record was moved to the quarantine.
package enum QuarantineReason: String, Sendable, CaseIterable {
    /// It could not be decoded.
    case unreadable
    /// It was larger than the record size limit.
    case oversized
    /// Restoring it crashed the previous launch.
    case restoreCrashed = "restore-crashed"
}

/// A record moved aside because this build could not use it, kept with its raw bytes.
package struct QuarantinedRecord: Equatable, Sendable {
    /// The quarantine entry's id, for `restorectl quarantine restore|drop`.
    package let id: Int64
    package let account: String
    package let scene: String
    /// Which screen's record it was.
    package let kind: String
    /// The version the record declared, when it had one.
    package let version: Int?
    /// The record's bytes, exactly as they were stored.
    package let payload: Data
    /// What went wrong, in words.
    package let error: String
    /// Why it was moved.
    package let reason: QuarantineReason
    /// When the record was last saved, in seconds since 1970.
    package let updatedAt: Double?
    /// When it was quarantined, in seconds since 1970.
    package let quarantinedAt: Double
}
