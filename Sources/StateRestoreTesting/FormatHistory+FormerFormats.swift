import Foundation
import JSON
import StateRestore

extension FormatHistory {
    /// Locks the shape of a format older than the history's adoption, from the type as that
    /// release defined it (a copy kept in the tests, such as `ReaderStateV1`, `currentVersion =
    /// 1`): ``verify(recording:)`` locks only the current format, so a kind that adopts the
    /// history at format 3 would otherwise write `shape-v1.json` and `shape-v2.json` by hand.
    ///
    /// ```swift
    /// try FormatHistory(ReaderState.self).lockFormerFormat(ReaderStateV1.self)
    /// ```
    ///
    /// With recording on (``FormatRecording``), a missing `shape-v<N>.json` of `Former`'s
    /// `currentVersion` is written from its derived shape and default; without, a missing one
    /// fails, saying how to record it. A lock that is there must equal the former type's shape,
    /// `minReaderVersion` and default: a released format never changes, so a difference fails
    /// and recording never rewrites it.
    ///
    /// - Returns: the report, with what it recorded.
    /// - Throws: ``FormatHistoryFailure`` when `Former` is not an older format of this kind,
    ///   its lock is missing (not recording) or differs, or its shape cannot be derived.
    @discardableResult
    public func lockFormerFormat<Former: RestorableState>(_ former: Former.Type, recording: Bool = FormatRecording.isRequested) throws
        -> FormatHistoryReport
    {
        var report = FormatHistoryReport(kind: State.kind, typeName: typeName)
        let name = String(describing: Former.self)
        let version = Former.currentVersion
        let lockName = KindFormat.fileName(version: version)
        guard Former.kind == State.kind else {
            report.failures.append("\(name) is of kind \"\(Former.kind)\", not \"\(State.kind)\": a former format is one of the same kind")
            throw FormatHistoryFailure(report: report)
        }
        guard version < State.currentVersion else {
            report.failures.append(
                "\(name).currentVersion is \(version), not older than \(typeName)'s \(State.currentVersion): verify() locks the current format")
            throw FormatHistoryFailure(report: report)
        }
        do {
            let format = try KindFormat(current: Former.self)
            if let locked = try folder.format(version: version) {
                if locked.shape != format.shape || locked.minReaderVersion != format.minReaderVersion
                    || JSONValue.object(locked.defaultRecord).encoded(sortedKeys: true) != JSONValue.object(format.defaultRecord).encoded(sortedKeys: true)
                {
                    let changes = RecordShape.changes(from: locked.shape, to: format.shape, defaults: locked.defaultRecord).map { $0.description(qualifiedBy: name) }
                    report.failures.append(
                        "\(name) differs from the released format \(version) that \(lockName) locks"
                            + (changes.isEmpty ? " (its minReaderVersion or default)" : ": " + changes.joined(separator: "; "))
                            + ": a released format never changes; fix the copy of the former type, not the lock")
                }
            } else if recording {
                write(format, as: lockName, into: &report)
            } else {
                report.failures.append(
                    "no \(lockName) locks format \(version) of \(typeName): run the tests once with \(FormatRecording.environmentVariable)=1 to record it from \(name), and commit the folder"
                )
            }
        } catch {
            report.failures.append(error.localizedDescription)
        }
        guard report.isPassing else { throw FormatHistoryFailure(report: report) }
        return report
    }
}
