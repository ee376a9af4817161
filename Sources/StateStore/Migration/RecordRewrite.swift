/// A record's new form, as a data step's transform returns it to `RecordRewriter`.
package struct RecordRewrite: Equatable, Sendable {
    /// The format version the new payload has.
    package var version: Int
    /// The oldest format whose readers may read the new payload; nil for `version` only.
    package var minReaderVersion: Int?
    /// The new payload text.
    package var payload: String

    package init(version: Int, minReaderVersion: Int? = nil, payload: String) {
        self.version = version
        self.minReaderVersion = minReaderVersion
        self.payload = payload
    }
}
