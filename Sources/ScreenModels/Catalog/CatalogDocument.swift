/// The document's facts: the books in document order, each with a unique identity.
///
/// The document is shared by every window; per-window interaction lives in
/// ``CatalogViewState``. Lookups by ID are constant time so reconciliation stays linear.
///
/// ```swift
/// let trusted = CatalogDocument(books: builtInBooks)          // programmer guarantees unique IDs
/// let decoded = try CatalogDocument(validating: decodedBooks) // untrusted input
/// ```
public struct CatalogDocument: Equatable, Sendable {
    /// The books in document order.
    public let books: [CatalogBook]
    /// Position of each book in `books`, keyed by ID.
    let positions: [Int: Int]
    /// Lowercased titles, computed once per document so each projection lowercases only the query.
    let foldedTitles: [CatalogFoldedText]

    /// Creates a document from books whose IDs the caller guarantees to be unique.
    ///
    /// Duplicate IDs are a programming error here, as in the article's trusted-caller contract.
    /// Use ``init(validating:)`` for anything decoded from disk or received from a service.
    public init(books: [CatalogBook]) {
        do {
            try self.init(validating: books)
        } catch {
            preconditionFailure("CatalogDocument(books:) requires unique IDs: \(error)")
        }
    }

    /// Creates a document from untrusted books, throwing on the first duplicate ID.
    public init(validating books: [CatalogBook]) throws(CatalogDocumentError) {
        var positions: [Int: Int] = [:]
        positions.reserveCapacity(books.count)
        for (index, book) in books.enumerated() {
            guard positions.updateValue(index, forKey: book.id) == nil else {
                throw .duplicateBookID(book.id)
            }
        }
        self.books = books
        self.positions = positions
        self.foldedTitles = books.map { CatalogFoldedText($0.title) }
    }

    /// Whether a book with this identity exists in the document.
    public func contains(bookID: Int) -> Bool {
        positions[bookID] != nil
    }

    /// The book with this identity, if the document contains one.
    public func book(withID id: Int) -> CatalogBook? {
        positions[id].map { books[$0] }
    }

    /// Documents are equal when they list the same books in the same order.
    public static func == (lhs: CatalogDocument, rhs: CatalogDocument) -> Bool {
        lhs.books == rhs.books
    }
}
