import Foundation

/// One earlier record of an (account, scene, kind) as its history keeps it: the record as it
/// was stored before a save or a rollback replaced it, with the build that had written it.
package struct RecordHistoryEntry: Equatable, Sendable {
    /// The entry's row id: larger is newer.
    package let id: Int64
    /// The record's format version, as its writer declared it.
    package let version: Int
    /// The oldest format whose readers may read it, as its writer declared it; nil: only its own.
    package let minReaderVersion: Int?
    /// The payload, exactly as it was stored.
    package let payload: Data
    /// When the record was saved, in seconds since 1970.
    package let updatedAt: Double
    /// The app build that wrote it (`DatabaseConfiguration.appBuild`); nil when its writer
    /// stamped none (an older release, the tool, a build without one).
    package let build: String?
    /// When a save or a rollback replaced it, in seconds since 1970.
    package let replacedAt: Double
}
