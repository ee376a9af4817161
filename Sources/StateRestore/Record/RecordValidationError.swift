import Foundation
import JSON

/// Why a record was refused for saving.
///
/// `errorDescription` is one line naming the field and the problem; the CLI prints it as is.
public enum RecordValidationError: Error, Equatable, Sendable {
    /// The record is larger than the store's record limit (`Store.maximumRecordBytes`).
    case tooLarge(byteCount: Int, limit: Int)
    /// The bytes are not JSON.
    case notJSON(JSONParseError)
    /// The JSON is not an object; `got` names what it is.
    case notAnObject(got: String)
    /// `version` is present but not an integer ≥ 1.
    case invalidVersion(got: String)
    /// `minReaderVersion` is present but not an integer ≥ 1.
    case invalidMinReaderVersion(got: String)
    /// `minReaderVersion` claims a format newer than the record's own `version`.
    case minReaderVersionNewerThanVersion(minReaderVersion: Int, version: Int)
    /// A field has the wrong type; `field` is a path such as `viewport.before[1]`.
    case wrongType(field: String, expected: String, got: String)
    /// A required field is missing; `field` is a path such as `viewport.anchorID`.
    case missingField(String)
    /// A field's value does not fit the state's type; `field` is a path (`items[2].title`).
    case invalidField(field: String, reason: String)
    /// The kind's `upgrade(_:from:)` failed on the step from `version`.
    case upgradeFailed(fromVersion: Int, reason: String)
    /// `viewport.offset` is infinite (a literal like `1e400`).
    case offsetNotFinite(Double)
    /// `viewport.offset` is outside `0...1`.
    case offsetOutOfRange(Double)
    /// `viewport.before` or `viewport.after` lists more than `limit` IDs.
    case tooManyNeighbours(field: String, count: Int, limit: Int)

    init(_ error: RecordDecodingError) {
        switch error {
        case .notJSON(let error): self = .notJSON(error)
        case .notAnObject(let got): self = .notAnObject(got: got)
        case .invalidVersion(let got): self = .invalidVersion(got: got)
        case .invalidMinReaderVersion(let got): self = .invalidMinReaderVersion(got: got)
        case .wrongType(let field, let expected, let got): self = .wrongType(field: field, expected: expected, got: got)
        case .missingField(let field): self = .missingField(field)
        case .invalidField(let field, let reason): self = .invalidField(field: field, reason: reason)
        case .upgradeFailed(let version, let reason): self = .upgradeFailed(fromVersion: version, reason: reason)
        }
    }
}

extension RecordValidationError: LocalizedError {
    /// One line naming the field and the problem.
    public var errorDescription: String? {
        switch self {
        case .tooLarge(let byteCount, let limit):
            "record is \(byteCount) bytes, larger than the limit of \(limit) bytes"
        case .notJSON(let error):
            RecordDecodingError.notJSON(error).errorDescription
        case .notAnObject(let got):
            RecordDecodingError.notAnObject(got: got).errorDescription
        case .invalidVersion(let got):
            RecordDecodingError.invalidVersion(got: got).errorDescription
        case .invalidMinReaderVersion(let got):
            RecordDecodingError.invalidMinReaderVersion(got: got).errorDescription
        case .minReaderVersionNewerThanVersion(let minReaderVersion, let version):
            "field \"minReaderVersion\" (\(minReaderVersion)) must not be newer than \"version\" (\(version))"
        case .wrongType(let field, let expected, let got):
            RecordDecodingError.wrongType(field: field, expected: expected, got: got).errorDescription
        case .missingField(let field):
            RecordDecodingError.missingField(field).errorDescription
        case .invalidField(let field, let reason):
            RecordDecodingError.invalidField(field: field, reason: reason).errorDescription
        case .upgradeFailed(let version, let reason):
            RecordDecodingError.upgradeFailed(fromVersion: version, reason: reason).errorDescription
        case .offsetNotFinite(let offset):
            "field \"viewport.offset\" must be a finite number, got \(offset)"
        case .offsetOutOfRange(let offset):
            "field \"viewport.offset\" must be between 0 and 1, got \(offset)"
        case .tooManyNeighbours(let field, let count, let limit):
            "field \"\(field)\" lists \(count) IDs, at most \(limit) are allowed"
        }
    }
}
