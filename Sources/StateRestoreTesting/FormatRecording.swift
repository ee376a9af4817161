import Foundation

/// The switch that makes `FormatHistory` write what a format folder is missing instead of
/// failing for it: `RESTORE_RECORD_FORMATS=1 swift test`, or `verify(recording: true)`.
///
/// Recording writes only what is missing or allowed: the shape of a new `currentVersion`, the
/// additions to the current version's shape, a sample of the current format, the expectation
/// of a sample that has none. It never rewrites an older version's shape, a sample, or an
/// existing expectation, and a breaking change fails whether recording or not.
///
/// `ReportReplay` reads the same switch: recording writes a report's expectations file from
/// the replay's outcome, a missing one or one that differs (listing what changed), since a
/// report's expectations say what this build's reconciliation does, not a released format.
public enum FormatRecording {
    /// The environment variable that turns recording on when set to anything but `0` or empty.
    public static let environmentVariable = "RESTORE_RECORD_FORMATS"

    /// Whether the environment asks for recording.
    public static var isRequested: Bool {
        guard let value = ProcessInfo.processInfo.environment[environmentVariable] else { return false }
        return !value.isEmpty && value != "0"
    }
}
