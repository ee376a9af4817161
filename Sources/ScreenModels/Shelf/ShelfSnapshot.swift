import Foundation

/// The shelf content worth saving for restoration: the query and the authoritative books it
/// listed, when they were fetched, and every unsaved draft.
///
/// `books` is the response to `query`, so with a non-empty query it is a filtered subset of
/// the shelf: a draft whose book is not in `books` then belongs to a book the query hides and
/// is kept. Only under the empty query does a missing book mean the book is gone.
public struct ShelfSnapshot: Equatable, Sendable {
    /// The books `query` listed, in display order, each with its authoritative revision.
    public var books: [ShelfBook]
    /// When `books` were fetched from the service.
    public var fetchedAt: Date
    /// Every unsaved rename: those of listed books in display order, then those of books the
    /// query hides, by book ID.
    public var drafts: [ShelfDraft]
    /// The search text `books` answer; empty for the whole shelf.
    public var query: String

    /// Creates a snapshot; `query` defaults to the whole shelf.
    public init(books: [ShelfBook], fetchedAt: Date, drafts: [ShelfDraft] = [], query: String = "") {
        self.books = books
        self.fetchedAt = fetchedAt
        self.drafts = drafts
        self.query = query
    }
}
