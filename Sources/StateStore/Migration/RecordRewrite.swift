/// A record's new form, as a data step's transform returns it to ``RecordRewriter``.
public struct RecordRewrite: Equatable, Sendable {
    /// The format version the new payload has.
    public var version: Int
    /// The oldest format whose readers may read the new payload; nil for `version` only.
    public var minReaderVersion: Int?
    /// The new payload text.
    public var payload: String

    /// Creates a rewrite.
    public init(version: Int, minReaderVersion: Int? = nil, payload: String) {
        self.version = version
        self.minReaderVersion = minReaderVersion
        self.payload = payload
    }
}
