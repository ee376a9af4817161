import Foundation

/// Why a kind's shape could not be had: the probe could not follow its type, or a format file
/// does not describe one.
public enum ShapeError: Error, Equatable, Sendable {
    /// The probing decoder could not follow the kind's `init(from:)`, or the type reads what it
    /// does not write; each reason names the field. The fix is in the message: give the kind
    /// a ``RestorableState/recordShape``, or fix its coding.
    case notDerivable(kind: String, reasons: [String])
    /// A format folder's file is not what its name says (not JSON, not a shape, a wrong kind).
    case invalidFormatFile(path: String, reason: String)
}

extension ShapeError: LocalizedError {
    /// The error as readable lines naming the kind or the file.
    public var errorDescription: String? {
        switch self {
        case .notDerivable(let kind, let reasons):
            "the shape of kind \"\(kind)\" cannot be derived from its type:\n"
                + reasons.map { "- \($0)" }.joined(separator: "\n")
                + "\ngive the kind an explicit `static var recordShape: RecordShape?` (see RecordShape)"
        case .invalidFormatFile(let path, let reason): "\(path): \(reason)"
        }
    }
}
