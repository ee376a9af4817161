import Observation

/// The controller-side model of one catalog window: a document snapshot plus that window's view state.
///
/// Every action is followed by the same reconciliation restoration uses
/// (``CatalogViewState/reconciled(with:)``), so a live window and a restored window obey
/// the same invariants: the selection exists, the viewport anchor is visible.
/// Restoring is construction: `CatalogScreenModel(document: current, viewState: saved)`.
///
/// The detail pane follows the selection under an explicit ``CatalogDetailPolicy``. Each time it
/// starts showing a selection it enters `.loading(request)` with a new ``selectionGeneration``;
/// the controller loads that request and sends ``CatalogAction/detailLoaded(_:for:)`` or
/// ``CatalogAction/detailFailed(_:)``, which are accepted only for the current request, so a
/// slow load never shows the wrong book, even after reselecting the same one.
///
/// Access is serial: the model is not `Sendable` and keeps to the isolation domain that owns it.
/// `changed` and `detailChanged` are single consumer slots; only the last assignment receives values.
/// The model is also `@Observable` (its document, view state, frame and pane), for observers
/// that must not take those slots, such as a state saver.
@Observable
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
    @ObservationIgnored public var changed: ((CatalogFrame) -> Void)?
    /// This window's choice for a selected book that the list hides.
    public let detailPolicy: CatalogDetailPolicy
    /// What the detail pane shows.
    public private(set) var detail: CatalogDetailPane = .closed
    /// Increases whenever the pane starts showing a selection (a new selection, or the same one
    /// reopening); the current detail request carries it.
    public private(set) var selectionGeneration = 0
    /// Receives the pane after every change to it, before `changed` receives the frame.
    /// The controller starts the load of each new `.loading` request it sees here.
    @ObservationIgnored public var detailChanged: ((CatalogDetailPane) -> Void)?

    /// Creates a window over `document`, reconciling `viewState` (a fresh or restored value) first.
    ///
    /// `adjustments` are changes already made before hand-over (a restore's reconciliation, so
    /// the view can say "your selection was cleared"); ``lastAdjustments`` starts with them,
    /// followed by any this construction's reconciliation makes.
    public init(
        document: CatalogDocument,
        viewState: CatalogViewState = CatalogViewState(),
        adjustments: [CatalogAdjustment] = [],
        detailPolicy: CatalogDetailPolicy = .keepsHiddenSelection
    ) {
        let reconciliation = viewState.reconciled(with: document)
        self.document = document
        self.viewState = reconciliation.viewState
        self.lastAdjustments = adjustments + reconciliation.adjustments
        self.frame = document.frame(for: reconciliation.viewState)
        self.detailPolicy = detailPolicy
        _ = updateDetail()
    }

    /// Applies an action, reconciles, and publishes the new frame to `changed`.
    public func send(_ action: CatalogAction) {
        var next = viewState
        switch action {
        case .detailLoaded(let loaded, let request):
            guard case .loading(request) = detail, loaded.bookID == request.bookID else { return }
            detail = .loaded(request, loaded)
            detailChanged?(detail)
            return
        case .detailFailed(let request):
            guard case .loading(request) = detail else { return }
            detail = .failed(request)
            detailChanged?(detail)
            return
        case .queryChanged(let query):
            next.query = query
        case .selected(let id):
            guard id.map(document.contains(bookID:)) ?? true else { return }
            next.selectedID = id
        case .onlySelectedChanged(let enabled):
            next.showsOnlySelected = enabled
        case .documentReplaced(let replacement):
            document = replacement
        case .scrolled(let anchorID, let offset):
            guard let viewport = frame.viewport(anchoredAt: anchorID, offset: offset) else { return }
            next.viewport = viewport
        }
        let reconciliation = next.reconciled(with: document)
        viewState = reconciliation.viewState
        lastAdjustments = reconciliation.adjustments
        frame = document.frame(for: viewState)
        if updateDetail() { detailChanged?(detail) }
        changed?(frame)
    }

    /// Points the pane at the book the policy shows; returns whether the pane changed.
    ///
    /// The pane keeps its request while it shows the same selection; any other book, or
    /// reopening, is a new request with a new generation.
    private func updateDetail() -> Bool {
        let shown = viewState.selectedID.flatMap { selected in
            detailPolicy == .keepsHiddenSelection || frame.rows.contains { $0.id == selected } ? selected : nil
        }
        guard shown != detail.bookID else { return false }
        if let shown {
            selectionGeneration += 1
            detail = .loading(CatalogDetailRequest(bookID: shown, selectionGeneration: selectionGeneration))
        } else {
            detail = .closed
        }
        return true
    }
}
