import Foundation
import JSON

/// Why a shelf snapshot could not be read or written.
///
/// Field paths look like `books[2].title` or `drafts[0].baseRevision`.
public enum ShelfSnapshotError: Error, Equatable, Sendable {
    /// The bytes are not JSON.
    case malformedJSON(JSONParseError)
    /// The top-level value is not an object.
    case notAnObject(got: String)
    /// `version` is not 1; `got` describes what it is.
    case unsupportedVersion(got: String)
    /// A required field is missing.
    case missingField(String)
    /// A field has the wrong type.
    case wrongType(field: String, expected: String, got: String)
    /// Two books share an ID.
    case duplicateBookID(id: Int, firstIndex: Int, secondIndex: Int)
    /// `fetchedAt` is not finite (`1e400` when read; infinity or NaN when written).
    case fetchedAtNotFinite(Double)
}

extension ShelfSnapshotError: LocalizedError {
    /// One line naming the field and the problem.
    public var errorDescription: String? {
        switch self {
        case .malformedJSON(let error):
            "shelf snapshot is not valid JSON: \(error.localizedDescription)"
        case .notAnObject(let got):
            "shelf snapshot must be a JSON object, got \(got)"
        case .unsupportedVersion(let got):
            "shelf snapshot \"version\" must be 1, got \(got)"
        case .missingField(let field):
            "shelf snapshot field \"\(field)\" is missing"
        case .wrongType(let field, let expected, let got):
            "shelf snapshot field \"\(field)\" must be \(expected), got \(got)"
        case .duplicateBookID(let id, let firstIndex, let secondIndex):
            "shelf snapshot has duplicate book ID \(id) at books[\(firstIndex)] and books[\(secondIndex)]"
        case .fetchedAtNotFinite(let fetchedAt):
            "shelf snapshot field \"fetchedAt\" must be a finite number, got \(fetchedAt)"
        }
    }
}
