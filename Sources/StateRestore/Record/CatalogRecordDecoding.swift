/// The outcome of decoding a stored catalog record on the restore path.
///
/// Only ``unreadable(_:)`` is a failure; a record from a newer build is an expected outcome
/// that the caller handles by leaving the record alone and starting from defaults.
public enum CatalogRecordDecoding: Equatable, Sendable {
    /// The record was read; the provenance says from which format and what was defaulted.
    case decoded(CatalogRecord, CatalogRecordProvenance)
    /// The record is of a newer format that this build may not read: it has no
    /// `minReaderVersion`, or one above ``CatalogRecord/currentVersion``.
    case newer(version: Int, minReaderVersion: Int?)
    /// The record is damaged.
    case unreadable(RecordError)
}
