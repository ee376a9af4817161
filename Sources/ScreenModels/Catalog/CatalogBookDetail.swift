/// The remote detail of one book, shown in a window's detail pane.
public struct CatalogBookDetail: Equatable, Sendable {
    /// The book this detail describes.
    public let bookID: Int
    /// The text the pane shows.
    public let summary: String

    /// Creates a detail.
    public init(bookID: Int, summary: String) {
        self.bookID = bookID
        self.summary = summary
    }
}
