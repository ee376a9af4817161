import Foundation

/// Why the tool's rollback of one record put nothing back (nothing was written).
package enum RollbackError: Error, Equatable, Sendable {
    /// The scene has no record of the kind, and no history.
    case noRecord(scene: String, kind: String)
    /// `--to N` names no entry: the history holds `count`.
    case noSuchEntry(number: Int, count: Int)
    /// `--before-build B`: the record was not written by B (`writtenBy`, nil for no stamp).
    case notWrittenBy(build: String, writtenBy: String?)
    /// `--before-build B`: every earlier record was written by B too, or there is none.
    case nothingEarlier(build: String)
}

extension RollbackError: LocalizedError {
    /// One line, as the tool prints it.
    package var errorDescription: String? {
        switch self {
        case .noRecord(let scene, let kind): "\(scene) has no \(kind) record and no history; nothing was changed"
        case .noSuchEntry(let number, let count):
            "the record's history has \(count) earlier record(s), so there is no #\(number); nothing was changed"
        case .notWrittenBy(let build, let writtenBy):
            "the record was not written by build \(build) (\(writtenBy.map { "it was written by build \($0)" } ?? "it carries no build stamp")); nothing was changed"
        case .nothingEarlier(let build): "the record's history holds no record written before build \(build); nothing was changed"
        }
    }
}
