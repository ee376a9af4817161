import Foundation

/// The shelf content worth saving for restoration: authoritative books in display order,
/// when they were fetched, and the unsaved drafts.
public struct ShelfSnapshot: Equatable, Sendable {
    /// The books in display order, each with its authoritative revision.
    public var books: [ShelfBook]
    /// When `books` were fetched from the service.
    public var fetchedAt: Date
    /// Unsaved renames, in display order of their books.
    public var drafts: [ShelfDraft]

    /// Creates a snapshot.
    public init(books: [ShelfBook], fetchedAt: Date, drafts: [ShelfDraft] = []) {
        self.books = books
        self.fetchedAt = fetchedAt
        self.drafts = drafts
    }
}
