/// The controller-side model of one catalog window: a document snapshot plus that window's view state.
///
/// Every action is followed by the same reconciliation restoration uses
/// (``CatalogViewState/reconciled(with:)``), so a live window and a restored window obey
/// the same invariants: the selection exists, the viewport anchor is visible.
/// Restoring is construction: `CatalogScreenModel(document: current, viewState: saved)`.
///
/// Access is serial: the model is not `Sendable` and keeps to the isolation domain that owns it.
/// `changed` is a single consumer slot; only the last assignment receives frames.
public final class CatalogScreenModel {
    /// The document snapshot this window projects.
    public private(set) var document: CatalogDocument
    /// This window's reconciled interaction facts.
    public private(set) var viewState: CatalogViewState
    /// The adjustments made by the most recent reconciliation (construction or action).
    public private(set) var lastAdjustments: [CatalogAdjustment]
    /// The current projection of `document` and `viewState`.
    public private(set) var frame: CatalogFrame
    /// Receives a new frame after every action. Rendering must not send actions back.
    public var changed: ((CatalogFrame) -> Void)?

    /// Creates a window over `document`, reconciling `viewState` (a fresh or restored value) first.
    ///
    /// `adjustments` are changes already made before hand-over (a restore's reconciliation, so
    /// the view can say "your selection was cleared"); ``lastAdjustments`` starts with them,
    /// followed by any this construction's reconciliation makes.
    public init(
        document: CatalogDocument,
        viewState: CatalogViewState = CatalogViewState(),
        adjustments: [CatalogAdjustment] = []
    ) {
        let reconciliation = viewState.reconciled(with: document)
        self.document = document
        self.viewState = reconciliation.viewState
        self.lastAdjustments = adjustments + reconciliation.adjustments
        self.frame = document.frame(for: reconciliation.viewState)
    }

    /// Applies an action, reconciles, and publishes the new frame to `changed`.
    public func send(_ action: CatalogAction) {
        var next = viewState
        switch action {
        case let .queryChanged(query):
            next.query = query
        case let .selected(id):
            guard id.map(document.contains(bookID:)) ?? true else { return }
            next.selectedID = id
        case let .onlySelectedChanged(enabled):
            next.showsOnlySelected = enabled
        case let .documentReplaced(replacement):
            document = replacement
        case let .scrolled(anchorID, offset):
            guard let viewport = frame.viewport(anchoredAt: anchorID, offset: offset) else { return }
            next.viewport = viewport
        }
        let reconciliation = next.reconciled(with: document)
        viewState = reconciliation.viewState
        lastAdjustments = reconciliation.adjustments
        frame = document.frame(for: viewState)
        changed?(frame)
    }
}
