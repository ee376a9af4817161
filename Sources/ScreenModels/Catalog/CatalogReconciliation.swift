/// A view state made valid for a document, with every change that was needed to get there.
///
/// An empty `adjustments` list means the saved state was already valid.
public struct CatalogReconciliation: Equatable, Sendable {
    /// The reconciled view state: its selection exists and its viewport anchor is visible.
    public let viewState: CatalogViewState
    /// The changes made, in the order they were applied.
    public let adjustments: [CatalogAdjustment]

    /// Creates a reconciliation result.
    public init(viewState: CatalogViewState, adjustments: [CatalogAdjustment]) {
        self.viewState = viewState
        self.adjustments = adjustments
    }
}
