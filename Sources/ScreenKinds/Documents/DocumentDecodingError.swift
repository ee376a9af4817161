import Foundation
import JSON

/// Why a catalog document file could not be read.
///
/// Positions are zero-based indexes into `books`, written `books[3]` in descriptions.
public enum DocumentDecodingError: Error, Equatable, Sendable {
    /// The file is not JSON; the parse error says where and why.
    case malformedJSON(JSONParseError)
    /// The top-level value is not an object.
    case notAnObject(got: String)
    /// The object has no `books` member.
    case booksMissing
    /// `books` is not an array.
    case booksNotAnArray(got: String)
    /// An entry of `books` is not an object.
    case entryNotAnObject(index: Int, got: String)
    /// An entry lacks `id` or `title`.
    case missingField(index: Int, field: String)
    /// An entry's `id` or `title` has the wrong type.
    case wrongType(index: Int, field: String, expected: String, got: String)
    /// Two entries share an `id`.
    case duplicateID(id: Int, firstIndex: Int, secondIndex: Int)
    /// A field of a notes or zones document has the wrong shape; `field` is a path.
    case invalidField(field: String, reason: String)
}

extension DocumentDecodingError: LocalizedError {
    /// One line naming the entry and the problem.
    public var errorDescription: String? {
        switch self {
        case .malformedJSON(let error):
            "document is not valid JSON: \(error.localizedDescription)"
        case .notAnObject(let got):
            "document must be a JSON object with a \"books\" array, got \(got)"
        case .booksMissing:
            "document has no \"books\" array"
        case .booksNotAnArray(let got):
            "document's \"books\" must be an array, got \(got)"
        case .entryNotAnObject(let index, let got):
            "books[\(index)] must be an object, got \(got)"
        case .missingField(let index, let field):
            "books[\(index)] is missing \"\(field)\""
        case .wrongType(let index, let field, let expected, let got):
            "books[\(index)].\(field) must be \(expected), got \(got)"
        case .duplicateID(let id, let firstIndex, let secondIndex):
            "duplicate book ID \(id) at books[\(firstIndex)] and books[\(secondIndex)]"
        case .invalidField(let field, let reason):
            "field \"\(field)\": \(reason)"
        }
    }
}
