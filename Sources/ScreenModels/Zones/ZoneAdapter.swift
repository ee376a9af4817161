/// Translates a zone model's capabilities into rows, a status and a selection action.
///
/// It does not know about widgets; a ``ZoneBinder`` connects it to a ``ZoneListControl``.
/// One adapter shape serves both the synchronous ``ZoneModel`` and the loading ``ZoneCatalogModel``.
@MainActor
public final class ZoneAdapter {
    private let selectAction: @MainActor (String) -> Void
    private let observeRowsAction: @MainActor (@escaping @MainActor ([ZoneRow]) -> Void) -> BindingLifetime
    private let observeStatusAction: @MainActor (@escaping @MainActor (ZoneListStatus) -> Void) -> BindingLifetime

    /// Adapts a model whose selection is always loaded and valid.
    public init(model: ZoneModel) {
        selectAction = { model.select($0) }
        observeRowsAction = { render in model.changes.observe { render(Self.rows(for: $0)) } }
        observeStatusAction = { render in
            render(.ready)
            return BindingLifetime {}
        }
    }

    /// Adapts a model that loads its zones; during loading and after failure the previous
    /// selection stays visible.
    public init(catalog: ZoneCatalogModel) {
        selectAction = { catalog.select($0) }
        observeRowsAction = { render in catalog.changes.observe { render(Self.rows(for: $0.selection)) } }
        observeStatusAction = { render in catalog.changes.observe { render(Self.status(for: $0)) } }
    }

    /// Forwards a selection intent to the model, which validates it.
    public func select(_ id: String) {
        selectAction(id)
    }

    /// Calls `render` with the current rows immediately and after every change.
    public func observeRows(_ render: @escaping @MainActor ([ZoneRow]) -> Void) -> BindingLifetime {
        observeRowsAction(render)
    }

    /// Calls `render` with the current status immediately and after every change.
    public func observeStatus(_ render: @escaping @MainActor (ZoneListStatus) -> Void) -> BindingLifetime {
        observeStatusAction(render)
    }

    private static func rows(for state: ZoneState?) -> [ZoneRow] {
        guard let state else { return [] }
        return state.choices.map { ZoneRow(id: $0.id, text: $0.title, selected: $0.id == state.selectedID) }
    }

    private static func status(for state: ZoneLoadState) -> ZoneListStatus {
        switch state {
        case .loading: .loading
        case .loaded: .ready
        case .failed(let failure, _): .failed(failure.errorDescription ?? "The zones could not be loaded.")
        }
    }
}
