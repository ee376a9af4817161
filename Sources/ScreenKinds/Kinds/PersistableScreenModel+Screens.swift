import ScreenModels
import StateRestore

extension CatalogScreenModel: PersistableScreenModel {
    /// The window's reconciled view state.
    public var restorableState: CatalogViewState { viewState }
}

extension NotesViewModel: PersistableScreenModel {
    /// The query and the selection.
    public var restorableState: NotesState { NotesState(self) }
}

extension ZoneModel: PersistableScreenModel {
    /// The selected zone.
    public var restorableState: ZonesState { ZonesState(self) }
}
