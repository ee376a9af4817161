/// One book of a shelf snapshot, as fetched.
public struct ShelfSnapshotBook: Equatable, Sendable {
    /// The book's identifier, unique within the snapshot.
    public var id: Int
    /// The title as fetched.
    public var title: String
    /// The server revision the title belongs to.
    public var revision: Int

    /// Creates a book.
    public init(id: Int, title: String, revision: Int) {
        self.id = id
        self.title = title
        self.revision = revision
    }
}
