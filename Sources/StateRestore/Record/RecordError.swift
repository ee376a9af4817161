import Foundation
import JSON

/// Why a record could not be read (on restore, it goes to the quarantine) or was refused for
/// saving: one home for every record failure, whichever kind the record is, shelf snapshots
/// included.
///
/// `errorDescription` is one line naming the field and the problem; tools print it as is.
public enum RecordError: Error, Equatable, Sendable {
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
    /// The format is newer than this build reads and its `minReaderVersion` does not let it
    /// (thrown by the decoders that cannot leave a record in place, such as
    /// `ShelfSnapshotCodec.decode`; a restore keeps such a record instead).
    case newerVersion(version: Int, newestReadable: Int)
    /// `minReaderVersion` claims a format newer than the record's own `version` (saving only).
    case minReaderVersionNewerThanVersion(minReaderVersion: Int, version: Int)
    /// A field has the wrong type; `field` is a path such as `viewport.before[1]`.
    case wrongType(field: String, expected: String, got: String)
    /// A required field is missing; `field` is a path such as `viewport.anchorID`.
    case missingField(String)
    /// A field's value does not fit the state's type; `field` is a path (`items[2].title`).
    case invalidField(field: String, reason: String)
    /// The kind's `upgrade(_:from:)` failed on the step from `version`.
    case upgradeFailed(fromVersion: Int, reason: String)
    /// `viewport.offset` is infinite (a literal like `1e400`; saving only).
    case offsetNotFinite(Double)
    /// `viewport.offset` is outside `0...1` (saving only; a restore clamps it).
    case offsetOutOfRange(Double)
    /// `viewport.before` or `viewport.after` lists more than `limit` IDs (saving only).
    case tooManyNeighbours(field: String, count: Int, limit: Int)
    /// The record does not fit the recorded shape of its format `version` (a kind read from a
    /// format folder, without its type); each violation names the field.
    case doesNotFitShape(version: Int, violations: [String])
}

extension RecordError: LocalizedError {
    /// One line naming the field and the problem.
    public var errorDescription: String? {
        switch self {
        case .tooLarge(let byteCount, let limit):
            "record is \(byteCount) bytes, larger than the limit of \(limit) bytes"
        case .notJSON(let error):
            "record is not valid JSON: \(error.localizedDescription)"
        case .notAnObject(let got):
            "record must be a JSON object, got \(got)"
        case .invalidVersion(let got):
            "field \"version\" must be an integer ≥ 1, got \(got)"
        case .invalidMinReaderVersion(let got):
            "field \"minReaderVersion\" must be an integer ≥ 1, got \(got)"
        case .newerVersion(let version, let newestReadable):
            "format \(version) is newer than this build reads (\(newestReadable))"
        case .minReaderVersionNewerThanVersion(let minReaderVersion, let version):
            "field \"minReaderVersion\" (\(minReaderVersion)) must not be newer than \"version\" (\(version))"
        case .wrongType(let field, let expected, let got):
            "field \"\(field)\" must be \(expected), got \(got)"
        case .missingField(let field):
            "field \"\(field)\" is missing"
        case .invalidField(let field, let reason):
            "field \"\(field)\": \(reason)"
        case .upgradeFailed(let version, let reason):
            "the upgrade from format \(version) failed: \(reason)"
        case .offsetNotFinite(let offset):
            "field \"viewport.offset\" must be a finite number, got \(offset)"
        case .offsetOutOfRange(let offset):
            "field \"viewport.offset\" must be between 0 and 1, got \(offset)"
        case .tooManyNeighbours(let field, let count, let limit):
            "field \"\(field)\" lists \(count) IDs, at most \(limit) are allowed"
        case .doesNotFitShape(let version, let violations):
            "record does not fit the recorded shape of format \(version): \(violations.joined(separator: "; "))"
        }
    }
}
