import Foundation

/// Thrown by `ReportReplay.verify(recording:)` when a scene's outcome differs from its
/// expectation or the replay could not be checked; its description is the whole report, so
/// Swift Testing and XCTest print it as the test's failure.
public struct ReportReplayFailure: Error, Sendable, CustomStringConvertible, LocalizedError {
    /// The report, with at least one failure or difference.
    public let report: ReportReplayReport

    /// The report's lines.
    public var description: String { report.description }

    /// The report's lines, as `localizedDescription` (what XCTest prints for a thrown error).
    public var errorDescription: String? { report.description }
}
