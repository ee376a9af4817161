import ScreenModels
import StateRestore

extension NotesState {
    /// The restorable part of a live notes screen: its query and selection.
    @MainActor
    public init(_ model: NotesViewModel) {
        self.init(query: model.query, selectedNoteID: model.selectedNoteID)
    }
}

extension Restoration where State == NotesState {
    /// A notes view model seeded with the restored query and selection. Construction starts no
    /// work; call `reload()` to load (a selection the load no longer lists is cleared then).
    @MainActor
    public func makeViewModel(loader: any NotesLoading) -> NotesViewModel {
        NotesViewModel(loader: loader, query: state.query, selectedNoteID: state.selectedNoteID)
    }
}
