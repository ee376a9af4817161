import Foundation
import JSON
import StateRestore

/// Keeps a kind's format history honest, in an app's tests: every format's shape stays locked,
/// and every sample record of every past format still restores, through the real engine, to
/// the state and report it is expected to.
///
/// One test adopts it, with Swift Testing or XCTest alike:
///
/// ```swift
/// @Test func readerFormatsStillRestore() throws {
///     try FormatHistory(ReaderState.self, sample: ReaderState(bookID: 7, page: 42, fontSize: 1.5)).verify()
/// }
/// ```
///
/// and one run records the folder (`RESTORE_RECORD_FORMATS=1 swift test`, see
/// ``FormatRecording``). ``verify(recording:)``:
/// 1. derives the type's shape (`RecordShape(of:)`) and compares it with the folder's
///    `shape-v<currentVersion>.json`: a breaking change (a field removed, renamed or retyped,
///    an optional becoming required, an enum value removed) fails, naming the field and the
///    fix ("bump `currentVersion` and add an upgrade step"); an addition is allowed, and noted
///    or recorded;
/// 2. saves each sample (`v<N>.json`, `v<N>-<label>.json`) as a raw record into a fresh
///    database file in a temporary folder, restores it with `StateRestorer.restore(_:_:)` (no
///    reconciliation), and compares the state and the report codes with its
///    `<name>.expected.json`, failing with a diff that names the file. A sample without an
///    expectation must restore without `record-unreadable`.
///
/// The folder's layout is `FormatFolder`'s. Old versions' shapes and samples are never
/// rewritten: after a bump, format N-1's samples keep being restored through the upgrade.
public struct FormatHistory<State: RestorableState>: Sendable {
    /// The kind's format folder.
    package let folder: FormatFolder
    /// The state recording writes as the current format's sample, `v<currentVersion>.json`
    /// (the default value when nil).
    public let sample: State?

    /// The history in `folder`.
    public init(_ kind: State.Type, folder: URL, sample: State? = nil) {
        self.folder = FormatFolder(folder)
        self.sample = sample
    }

    /// The history in `<formats>/<kind>/` beside the test file that creates it: the source
    /// tree, so that recording writes where the repository keeps it (`#filePath` is the
    /// caller's). Where the sources are not on disk (a device), use ``init(_:folder:sample:)``
    /// with a folder of the test bundle's resources.
    public init(_ kind: State.Type, formats: String = "Formats", sample: State? = nil, filePath: StaticString = #filePath) {
        let tests = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent()
        self.init(kind, folder: tests.appendingPathComponent(formats).appendingPathComponent(State.kind), sample: sample)
    }

    /// The kind's type as messages name it.
    var typeName: String { String(describing: State.self) }

    /// Checks the history (recording what is missing when `recording`) and throws when it is
    /// broken.
    ///
    /// - Returns: the report, with its notes and what it recorded.
    /// - Throws: ``FormatHistoryFailure``, whose description is the whole report.
    @discardableResult
    public func verify(recording: Bool = FormatRecording.isRequested) throws -> FormatHistoryReport {
        let report = report(recording: recording)
        guard report.isPassing else { throw FormatHistoryFailure(report: report) }
        return report
    }

    /// Checks the history (recording what is missing when `recording`) and returns what it
    /// found, failures included, without throwing: for a test that asserts on it.
    public func report(recording: Bool = FormatRecording.isRequested) -> FormatHistoryReport {
        var report = FormatHistoryReport(kind: State.kind, typeName: typeName)
        checkShape(recording: recording, into: &report)
        checkSamples(recording: recording, into: &report)
        return report
    }
}
