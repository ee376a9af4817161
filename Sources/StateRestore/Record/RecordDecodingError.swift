import Foundation
import JSON

/// Why a stored record could not be read.
public enum RecordDecodingError: Error, Equatable, Sendable {
    /// The bytes are not JSON.
    case notJSON(JSONParseError)
    /// The JSON is not an object; `got` names what it is.
    case notAnObject(got: String)
    /// `version` is present but not an integer ≥ 1.
    case invalidVersion(got: String)
    /// `minReaderVersion` is present but not an integer ≥ 1.
    case invalidMinReaderVersion(got: String)
    /// A field has the wrong type; `field` is a path such as `viewport.before[1]`.
    case wrongType(field: String, expected: String, got: String)
    /// A required field is missing; `field` is a path such as `viewport.anchorID`.
    case missingField(String)
    /// A field's value does not fit the state's type; `field` is a path (`items[2].title`).
    case invalidField(field: String, reason: String)
    /// The kind's `upgrade(_:from:)` failed on the step from `version`.
    case upgradeFailed(fromVersion: Int, reason: String)
}

extension RecordDecodingError: LocalizedError {
    /// One line naming the field and the problem.
    public var errorDescription: String? {
        switch self {
        case .notJSON(let error):
            "record is not valid JSON: \(error.localizedDescription)"
        case .notAnObject(let got):
            "record must be a JSON object, got \(got)"
        case .invalidVersion(let got):
            "field \"version\" must be an integer ≥ 1, got \(got)"
        case .invalidMinReaderVersion(let got):
            "field \"minReaderVersion\" must be an integer ≥ 1, got \(got)"
        case .wrongType(let field, let expected, let got):
            "field \"\(field)\" must be \(expected), got \(got)"
        case .missingField(let field):
            "field \"\(field)\" is missing"
        case .invalidField(let field, let reason):
            "field \"\(field)\": \(reason)"
        case .upgradeFailed(let version, let reason):
            "the upgrade from format \(version) failed: \(reason)"
        }
    }
}
