/// One record as listed by `inspect`: where it is and how big, without its payload.
public struct StoredRecordSummary: Equatable, Sendable {
    public let account: String
    public let scene: String
    public let version: Int
    /// The payload's size in bytes.
    public let size: Int
    /// When it was last saved, in seconds since 1970.
    public let updatedAt: Double
}
