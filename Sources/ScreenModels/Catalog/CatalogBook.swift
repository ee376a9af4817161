/// One book as the catalog document knows it: a stable identity and its title.
///
/// Identity, not array position, is what selection and the viewport anchor refer to.
public struct CatalogBook: Equatable, Hashable, Sendable {
    /// The stable identity of the book within its document.
    public let id: Int
    /// The title shown in the catalog and matched by the query.
    public let title: String

    /// Creates a book with an identity and a title.
    public init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}
