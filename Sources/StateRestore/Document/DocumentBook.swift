/// One book as listed in a catalog document file.
public struct DocumentBook: Equatable, Sendable {
    /// The book's identifier, unique within the document.
    public var id: Int
    /// The book's title.
    public var title: String

    /// Creates a book.
    public init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}
