import Foundation
import StateStore

/// Why the tool's rollback of one record put nothing back (nothing was written).
package enum RollbackError: Error, Equatable, Sendable {
    /// The scene has no record of the kind, and no history; `elsewhere` names the other
    /// accounts holding a record of the kind for a scene of that name (a wrong `--account`).
    case noRecord(scene: String, kind: String, elsewhere: [String])
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
        case .noRecord: "\(noRecordSentence); nothing was changed"
        case .noSuchEntry(let number, let count):
            "the record's history has \(count) earlier record(s), so there is no #\(number); nothing was changed"
        case .notWrittenBy(let build, let writtenBy):
            "the record was not written by build \(build) (\(writtenBy.map { "it was written by build \($0)" } ?? "it carries no build stamp")); nothing was changed"
        case .nothingEarlier(let build): "the record's history holds no record written before build \(build); nothing was changed"
        }
    }

    /// For ``noRecord(scene:kind:elsewhere:)``: the sentence saying so, naming the accounts
    /// that hold the scene's kind (what `history`, which changes nothing, prints alone).
    package var noRecordSentence: String {
        guard case .noRecord(let scene, let kind, let elsewhere) = self else { return errorDescription ?? "" }
        guard !elsewhere.isEmpty else { return "\(scene) has no \(kind) record and no history" }
        let accounts = elsewhere.map(StoreNames.quoted).joined(separator: ", ")
        let holders = elsewhere.count == 1 ? "account \(accounts) holds" : "accounts \(accounts) hold"
        return "\(scene) has no \(kind) record and no history (\(holders) one for a scene of that name: check --account)"
    }
}
