import Foundation

/// Why untrusted input could not become a ``CatalogDocument``.
public enum CatalogDocumentError: Error, Equatable, Sendable, LocalizedError {
    /// Two or more books share this identity; selection by ID would be ambiguous.
    case duplicateBookID(Int)

    /// A readable description suitable for printing as is.
    public var errorDescription: String? {
        switch self {
        case .duplicateBookID(let id):
            "The catalog contains more than one book with ID \(id)."
        }
    }
}
