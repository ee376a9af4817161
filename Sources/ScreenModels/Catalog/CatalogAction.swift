/// A user intent or document event sent to a ``CatalogScreenModel``.
public enum CatalogAction: Equatable, Sendable {
    /// The search text changed.
    case queryChanged(String)
    /// A book was selected, or the selection was cleared with `nil`. Unknown IDs are ignored.
    case selected(Int?)
    /// The "only selected" filter was switched on or off.
    case onlySelectedChanged(Bool)
    /// The shared document was replaced, for example by a refresh.
    case documentReplaced(CatalogDocument)
    /// The list scrolled so that this visible row is the anchor, `offset` of it scrolled past.
    /// Anchors that are not currently rendered are ignored.
    case scrolled(anchorID: Int, offset: Double)
    /// The detail load for `request` finished; ignored unless `request` is still the pane's current one.
    case detailLoaded(CatalogBookDetail, for: CatalogDetailRequest)
    /// The detail load for `request` failed; ignored unless `request` is still the pane's current one.
    case detailFailed(CatalogDetailRequest)
}
