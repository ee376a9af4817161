/// A book as the shelf service reports it: identity, title and the authoritative revision.
///
/// `revision` grows with every accepted write and lets conditional saves detect conflicts.
public struct ShelfBook: Equatable, Hashable, Sendable {
    /// The stable identity of the book.
    public let id: Int
    /// The authoritative title.
    public let title: String
    /// The authoritative revision of this book's record.
    public let revision: Int

    /// Creates a book; `revision` defaults to 0 for callers that do not track revisions.
    public init(id: Int, title: String, revision: Int = 0) {
        self.id = id
        self.title = title
        self.revision = revision
    }
}
