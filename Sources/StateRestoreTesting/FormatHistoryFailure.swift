import Foundation

/// Thrown by `FormatHistory.verify(recording:)` when the history is broken; its description
/// is the whole report, so Swift Testing and XCTest print it as the test's failure.
public struct FormatHistoryFailure: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// The report, with at least one failure.
    public let report: FormatHistoryReport

    /// The report's lines.
    public var description: String { report.description }

    /// The report's lines, as `localizedDescription` (what XCTest prints for a thrown error).
    public var errorDescription: String? { report.description }
}
