/// What the shelf screen persists: the books it last fetched, when, and unsent edits.
///
/// Stored as `{"version": 1, "books": [{"id", "title", "revision"}], "fetchedAt": Double,
/// "drafts": [{"bookID", "baseRevision", "proposedTitle"}]}` by ``ShelfSnapshotCodec``.
public struct ShelfSnapshotRecord: Equatable, Sendable {
    /// The books in display order; IDs are unique.
    public var books: [ShelfSnapshotBook]
    /// When the books were fetched, in seconds since 1970; always finite.
    public var fetchedAt: Double
    /// Unsent edits, in the order they were made.
    public var drafts: [ShelfSnapshotDraft]

    /// Creates a snapshot.
    public init(books: [ShelfSnapshotBook], fetchedAt: Double, drafts: [ShelfSnapshotDraft] = []) {
        self.books = books
        self.fetchedAt = fetchedAt
        self.drafts = drafts
    }
}
