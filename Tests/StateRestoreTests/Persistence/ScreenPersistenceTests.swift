import ScreenKinds
import ScreenModels
import StateRestore
import StateRestoreTesting
import TestSupport
import Testing

/// Restore → model → persist for the article screens, with turns and windows driven by hand.
@MainActor
@Suite struct ScreenPersistenceTests {
    let screen: HandDrivenScreen
    let writer: CoalescingWriter

    static let document = CatalogDocument(books: (1...30).map { CatalogBook(id: $0, title: "Book \($0)") })
    static let notes = [Note(id: 1, title: "SQLite WAL"), Note(id: 2, title: "Swift values"), Note(id: 3, title: "SQLite backup")]
    static let zones = [ZoneChoice(id: "utc", title: "UTC"), ZoneChoice(id: "europe-paris", title: "Paris")]

    init() throws {
        screen = try HandDrivenScreen()
        writer = try CoalescingWriter(path: screen.file.path, scheduler: screen.windows)
    }

    @Test func catalogActionsAreSavedWithoutTakingTheRenderCallback() throws {
        let restorer = StateRestorer(path: screen.file.path)
        defer { try? restorer.close() }
        let restored = restorer.restore(CatalogViewState.self, screen.key, against: Self.document)
        let model = restored.makeScreenModel()
        let tracking = writer.persist(model, for: restored.key, carrying: restored.carriedFields, turns: screen.turns)
        var frames: [CatalogFrame] = []
        model.changed = { frames.append($0) }

        model.send(.queryChanged("Book 1"))
        model.send(.selected(12))
        #expect(frames.count == 2)
        #expect(screen.turns.runPendingTurns() == 1)
        #expect(tracking.savedCount == 1)
        screen.windows.fireAll()
        #expect(writer.writesCommitted == 1)
        #expect(screen.stored(CatalogViewState.self) == CatalogViewState(query: "Book 1", selectedID: 12))
        #expect(screen.stored(CatalogViewState.self) == model.viewState)

        // A detail load changes the pane, not the view state: nothing to save.
        guard case .loading(let request) = model.detail else {
            Issue.record("no detail request")
            return
        }
        model.send(.detailLoaded(CatalogBookDetail(bookID: 12, summary: "twelve"), for: request))
        screen.turns.runPendingTurns()
        screen.windows.fireAll()
        #expect(tracking.savedCount == 1)
        #expect(writer.writesCommitted == 1)
    }

    @Test func thousandCatalogChangesReachSQLiteAsAtMostThreeWrites() throws {
        let model = CatalogScreenModel(document: Self.document)
        let tracking = writer.persist(model, for: screen.key, turns: screen.turns)
        for change in 1...1_000 {
            model.send(.queryChanged(String(repeating: "o", count: change % 7 + 1)))
            if change.isMultiple(of: 5) { model.send(.selected(change % 30 + 1)) }
            screen.turns.runPendingTurns()
            if change.isMultiple(of: 500) { screen.windows.fireAll() }
        }
        screen.windows.fireAll()
        #expect(writer.writesCommitted <= 3)
        #expect(tracking.savedCount > 0)
        #expect(screen.stored(CatalogViewState.self) == model.viewState)
    }

    @Test func notesQueryAndSelectionAreSaved() async throws {
        let restorer = StateRestorer(path: screen.file.path)
        defer { try? restorer.close() }
        try restorer.save(NotesState(query: "sqlite", selectedNoteID: 3), for: screen.key)
        let restored = restorer.restore(NotesState.self, screen.key, against: Self.notes)
        restorer.completeRestore(restored)
        let model = restored.makeViewModel(loader: FixedNotes(notes: Self.notes))
        let tracking = writer.persist(model, for: restored.key, carrying: restored.carriedFields, turns: screen.turns)

        // Loading changes notes and isLoading, which the saved state does not read.
        await model.reload()
        screen.turns.runPendingTurns()
        #expect(tracking.savedCount == 0)

        model.query = "swift"
        model.select(2)
        #expect(screen.turns.runPendingTurns() == 1)
        try writer.flush()
        #expect(tracking.savedCount == 1)
        #expect(writer.writesCommitted == 1)
        #expect(screen.stored(NotesState.self) == NotesState(query: "swift", selectedNoteID: 2))
        #expect(screen.stored(NotesState.self) == NotesState(model))
    }

    @Test func zoneSelectionIsSavedAndObserversStillReceiveEveryValue() throws {
        let restorer = StateRestorer(path: screen.file.path)
        defer { try? restorer.close() }
        let restored = restorer.restore(ZonesState.self, screen.key, against: Self.zones)
        let model = try #require(restored.makeZoneModel())
        var delivered: [String] = []
        let lifetime = model.changes.observe { delivered.append($0.selectedID) }
        let tracking = writer.persist(model, for: restored.key, carrying: restored.carriedFields, turns: screen.turns)

        model.select("europe-paris")
        model.select("nowhere")
        #expect(screen.turns.runPendingTurns() == 1)
        try writer.flush()
        #expect(tracking.savedCount == 1)
        #expect(delivered == ["utc", "europe-paris"])
        #expect(screen.stored(ZonesState.self) == ZonesState(selectedZoneID: "europe-paris"))
        lifetime.cancel()
    }
}
