/// A local, not yet confirmed rename: the smallest editing state the shelf keeps.
///
/// The draft remembers the revision it was based on so a conditional save can detect that
/// someone else changed the book in the meantime.
public struct ShelfDraft: Equatable, Sendable {
    /// The book being renamed.
    public var bookID: Int
    /// The authoritative revision the edit started from.
    public var baseRevision: Int
    /// The title the person typed.
    public var proposedTitle: String

    /// Creates a draft.
    public init(bookID: Int, baseRevision: Int, proposedTitle: String) {
        self.bookID = bookID
        self.baseRevision = baseRevision
        self.proposedTitle = proposedTitle
    }
}
