/// A record accepted for saving by its kind's validation (`save --kind K` in the tool): the
/// text the app's own build would store, with the envelope the store files it under.
package struct ValidatedRecord: Equatable, Sendable {
    package let kind: String
    /// The format this build writes for the kind.
    package let currentVersion: Int
    /// The record's format version (1 when it has no `version` field).
    package let version: Int
    package let minReaderVersion: Int?
    /// The text to store: the record re-encoded from its validated value (no indentation, no
    /// trailing newline), with its format's `version` and `minReaderVersion`.
    package let payload: String

    /// Whether the record is of a newer format than this build writes (stored as given).
    package var isNewerThanThisBuild: Bool { version > currentVersion }
}
