/// What one window's detail pane does when its selected book is hidden by the list's filter.
///
/// The choice is the product's, made explicitly per window, never by a list's deselection
/// callback; two windows over one document may choose differently. Deleting the selected book
/// closes the pane under either policy, because the selection is cleared.
public enum CatalogDetailPolicy: Equatable, Sendable {
    /// The pane keeps showing the selected book even when the query or "only selected" hides it.
    case keepsHiddenSelection
    /// The pane closes while the list does not show the selected book and reopens, with a new
    /// load, when the list shows it again.
    case closesWhenHidden
}
