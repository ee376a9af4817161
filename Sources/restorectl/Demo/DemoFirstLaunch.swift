import Dispatch
import Foundation
import ScreenKinds
import ScreenModels
import StateRestore
import StateRestoreTesting

/// The demo's first launch, written as an app's screens would be: each screen restores, makes
/// its model and persists it; the person's actions are then saved with no save call.
enum DemoFirstLaunch {
    /// The state each screen saved, for the demo's report.
    struct Saved: Sendable {
        var windows: [(scene: String, state: CatalogViewState)]
        var notes: NotesState
        var zones: ZonesState
        var writes: Int
    }

    /// Runs the launch on the main actor: directly on the main thread, else by a hop to it
    /// (the tests run commands on other threads).
    static func run(path: String, account: String) throws -> Saved {
        if Thread.isMainThread { return try MainActor.assumeIsolated { try launch(path: path, account: account) } }
        return try DispatchQueue.main.sync { try MainActor.assumeIsolated { try launch(path: path, account: account) } }
    }

    @MainActor
    private static func launch(path: String, account: String) throws -> Saved {
        // A command-line tool's main actor runs no queued tasks: it runs the turns that follow
        // each change itself, as an app's main run loop would.
        let turns = ManualTurnScheduler()
        let restorer = StateRestorer(path: path)

        // Two windows over the same books, each with its own interaction state.
        var windows: [(scene: String, model: CatalogScreenModel, tracking: PersistenceTracking)] = []
        for scene in ["reading", "research"] {
            let restored = restorer.restore(CatalogViewState.self, try SceneKey(scene: scene, account: account), against: DemoCatalog.original)
            let model = restored.makeScreenModel()
            windows.append((scene, model, restorer.persist(model, from: restored, turns: turns)))
        }
        windows[0].model.send(.queryChanged("the"))
        windows[0].model.send(.selected(105))
        windows[0].model.send(.scrolled(anchorID: 113, offset: 0.4))
        windows[1].model.send(.queryChanged(""))
        windows[1].model.send(.selected(106))
        windows[1].model.send(.scrolled(anchorID: 109, offset: 0.75))
        turns.runPendingTurns()

        // The reading window's notes (opened on note 3) and zone picker.
        let readingKey = try SceneKey(scene: "reading", account: account)
        let restoredNotes = restorer.restore(NotesState.self, readingKey, against: DemoScreens.originalNotes)
        let notes = NotesViewModel(loader: FixedNotes(notes: DemoScreens.originalNotes), selectedNoteID: DemoScreens.savedNotes.selectedNoteID)
        let notesTracking = restorer.persist(notes, from: restoredNotes, turns: turns)
        notes.query = DemoScreens.savedNotes.query

        let restoredZones = restorer.restore(ZonesState.self, readingKey, against: DemoScreens.originalZones)
        let zones = try restoredZones.makeZoneModel() ?? ZoneModel(choices: DemoScreens.originalZones, restoringSelection: nil)
        let zonesTracking = restorer.persist(zones, from: restoredZones, turns: turns)
        zones.select(DemoScreens.savedZones.selectedZoneID ?? "")
        turns.runPendingTurns()

        // Quitting: write what is pending, as an app does when it goes to the background.
        try restorer.close()
        for tracking in windows.map(\.tracking) + [notesTracking, zonesTracking] { tracking.cancel() }
        return Saved(
            windows: windows.map { ($0.scene, $0.model.viewState) }, notes: NotesState(notes), zones: ZonesState(zones),
            writes: restorer.writesCommitted
        )
    }
}
