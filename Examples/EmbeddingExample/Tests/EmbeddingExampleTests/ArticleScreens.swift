import ScreenKinds
import ScreenModels
import StateRestore

/// A window's screens and what keeps them persisted; the app holds it as long as the window
/// (releasing a model ends its tracking).
@MainActor
struct RestoredWindow {
    let catalog: CatalogScreenModel
    let notes: NotesViewModel
    let zones: ZoneModel?
    let shelf: ShelfViewModel
    let trackings: [PersistenceTracking]
}

/// Restoring the four article screens of one window and persisting each.
@MainActor
func restoreArticleScreens(
    restorer: StateRestorer, key: SceneKey,
    books: [CatalogBook], currentNotes: [Note], choices: [ZoneChoice],
    notesLoader: any NotesLoading, shelfLoader: any ShelfLoading
) -> RestoredWindow {
    // Catalog (MVC + view state): the screen starts with the restore's adjustments.
    let catalog = restorer.restore(CatalogViewState.self, key, against: CatalogDocument(books: books))
    let screen = catalog.makeScreenModel()  // screen.lastAdjustments: "selection cleared"…
    let catalogTracking = restorer.persist(screen, from: catalog)  // saves screen.viewState

    // Notes (Observation) and zones (MAVB) conform to PersistableScreenModel too.
    let notes = restorer.restore(NotesState.self, key, against: currentNotes)
    let notesModel = notes.makeViewModel(loader: notesLoader)  // query and selection seeded
    let notesTracking = restorer.persist(notesModel, from: notes)
    let zones = restorer.restore(ZonesState.self, key, against: choices)
    let zoneModel = zones.makeZoneModel()  // nil when there are no choices
    let zonesTracking = zoneModel.map { restorer.persist($0, from: zones) }

    // Shelf (MVVM): snapshots with the query and every open draft, saved by the app.
    let shelf = restorer.restoreShelf("home").makeViewModel(loader: shelfLoader)
    if let snapshot = shelf.snapshot { try? restorer.saveShelf(snapshot, shelf: "home") }

    if zoneModel == nil { restorer.completeRestore(zones) }  // persisting completes the others
    let trackings = [catalogTracking, notesTracking] + (zonesTracking.map { [$0] } ?? [])
    return RestoredWindow(catalog: screen, notes: notesModel, zones: zoneModel, shelf: shelf, trackings: trackings)
}
