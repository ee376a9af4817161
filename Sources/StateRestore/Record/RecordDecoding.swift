import JSON

/// The outcome of decoding a stored record of kind `State` (or, for a kind read from its format
/// folder, of its recorded formats) on the restore path.
///
/// Only ``unreadable(_:)`` is a failure; a record from a newer build is an expected outcome
/// that the caller handles by leaving the record alone and starting from defaults.
package enum RecordDecoding<State> {
    /// The record was read: the state, how it was obtained, and the top-level fields the
    /// current format does not define (written back on save).
    case decoded(State, RecordProvenance, unknownFields: JSONObject)
    /// The record is of a newer format that this build may not read: it has no
    /// `minReaderVersion`, or one above the kind's `currentVersion`.
    case newer(version: Int, minReaderVersion: Int?)
    /// The record is damaged.
    case unreadable(RestoreError)
}

extension RecordDecoding: Equatable where State: Equatable {}

extension RecordDecoding: Sendable where State: Sendable {}
