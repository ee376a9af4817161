/// One adjustment a restore made, with a stable code and a human explanation.
public struct RestoreReportEntry: Equatable, Sendable {
    /// What happened, as a stable code.
    public let code: RestoreCode
    /// What happened, in words, with the specifics (IDs, versions, errors).
    public let detail: String

    /// Creates an entry.
    public init(_ code: RestoreCode, _ detail: String) {
        self.code = code
        self.detail = detail
    }
}
