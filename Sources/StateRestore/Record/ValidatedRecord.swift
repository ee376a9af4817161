/// A catalog record accepted for saving by ``CatalogRecordCodec/validateForSave(_:)``.
public struct ValidatedRecord: Equatable, Sendable {
    /// The record's format version (1 when it has no `version` field).
    public var version: Int
    /// The text to store: the input exactly as given, known to be valid UTF-8 JSON.
    public var payload: String

    /// Creates a validated record.
    public init(version: Int, payload: String) {
        self.version = version
        self.payload = payload
    }
}
