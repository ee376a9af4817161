/// The identity of one detail load: the book it is for and the selection generation it belongs to.
///
/// Selecting book 1, then 2, then 1 again yields three requests; only the last is current, so a
/// slow answer to the first can never fill the pane even though it is for the same book.
public struct CatalogDetailRequest: Hashable, Sendable {
    /// The book whose detail is loaded.
    public let bookID: Int
    /// The ``CatalogScreenModel/selectionGeneration`` when the load was requested.
    public let selectionGeneration: Int

    /// Creates a request identity.
    public init(bookID: Int, selectionGeneration: Int) {
        self.bookID = bookID
        self.selectionGeneration = selectionGeneration
    }
}
