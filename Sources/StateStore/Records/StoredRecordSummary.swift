/// One record as listed by `inspect`: where it is and how big, without its payload.
public struct StoredRecordSummary: Equatable, Sendable {
    /// The account the scene belongs to.
    public let account: String
    /// The scene (window) identifier.
    public let scene: String
    /// The record's kind (which screen's state it holds).
    public let kind: String
    /// The record's format version, as its writer declared it.
    public let version: Int
    /// The payload's size in bytes.
    public let size: Int
    /// When it was last saved, in seconds since 1970.
    public let updatedAt: Double
}
