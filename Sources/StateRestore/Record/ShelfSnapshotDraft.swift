/// An unsent title edit, kept with the revision it was made against.
public struct ShelfSnapshotDraft: Equatable, Sendable {
    /// The edited book.
    public var bookID: Int
    /// The book's revision when the edit began.
    public var baseRevision: Int
    /// The title the user typed.
    public var proposedTitle: String

    /// Creates a draft.
    public init(bookID: Int, baseRevision: Int, proposedTitle: String) {
        self.bookID = bookID
        self.baseRevision = baseRevision
        self.proposedTitle = proposedTitle
    }
}
