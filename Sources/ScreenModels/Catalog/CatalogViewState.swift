/// One window's interaction facts over a shared ``CatalogDocument``.
///
/// Each window owns its own value: two windows over the same document can hold different
/// queries, selections and viewports. Restoring a window is constructing a screen model
/// from a saved value; the value is reconciled against the current document first.
public struct CatalogViewState: Equatable, Sendable {
    /// The case-insensitive substring that titles must contain to be listed.
    public var query: String
    /// The selected book; it may be hidden by the query but always exists in the document.
    public var selectedID: Int?
    /// Whether the list shows only the selected book (no rows when nothing is selected).
    public var showsOnlySelected: Bool
    /// The scroll anchor, or `nil` when the window has none.
    public var viewport: CatalogViewport?

    /// Creates a view state; the defaults describe a fresh window.
    public init(
        query: String = "",
        selectedID: Int? = nil,
        showsOnlySelected: Bool = false,
        viewport: CatalogViewport? = nil
    ) {
        self.query = query
        self.selectedID = selectedID
        self.showsOnlySelected = showsOnlySelected
        self.viewport = viewport
    }
}
