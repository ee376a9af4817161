import ScreenModels

/// What restoring one window's catalog state produced.
public typealias CatalogRestoration = Restoration<CatalogViewState>

extension Restoration where State == CatalogViewState {
    /// The restored, reconciled view state (``Restoration/state``).
    public var viewState: CatalogViewState { state }

    /// The document the state was reconciled against.
    public var document: CatalogDocument { context ?? CatalogDocument(books: []) }

    /// The rows and selection the state projects over ``document``.
    public var frame: CatalogFrame { document.frame(for: state) }

    /// The visible rows around the restored anchor (or selection): what a screen shows first,
    /// projected without walking the whole document. ``frame`` has every visible row.
    public func window(before: Int = 20, after: Int = 40) -> CatalogWindow {
        document.window(for: state, before: before, after: after)
    }

    /// A screen model built from the restored facts: restoring is construction, not replayed
    /// actions. It starts with the restore's adjustments as its `lastAdjustments`, so the view
    /// can say "your selection was cleared".
    public func makeScreenModel() -> CatalogScreenModel {
        CatalogScreenModel(document: document, viewState: state, adjustments: decodedState.reconciled(with: document).adjustments)
    }
}
