/// One record's place, size and time without its payload, for the package's tests and tools.
package struct StoredRecordSummary: Equatable, Sendable {
    package let account: String
    package let scene: String
    /// The record's kind (which screen's state it holds).
    package let kind: String
    /// The record's format version, as its writer declared it.
    package let version: Int
    /// The payload's size in bytes.
    package let size: Int
    /// When it was last saved, in seconds since 1970.
    package let updatedAt: Double
}
