import ScreenModels
import StateRestore

/// The outcome of reading a stored shelf snapshot on the restore path.
package enum ShelfSnapshotDecoding: Equatable, Sendable {
    /// The snapshot was read; the provenance says from which format and what was defaulted.
    case decoded(ShelfSnapshot, RecordProvenance)
    /// A newer format this build may not read; it is kept for the release that wrote it.
    case newer(version: Int, minReaderVersion: Int?)
    /// The snapshot is damaged.
    case unreadable(RestoreError)
}
