import Observation
import ScreenModels
import Testing

private let swiftValues = Note(id: 1, title: "Swift values")
private let navigation = Note(id: 2, title: "Navigation")

/// Snapshot of every published property, so each step asserts the whole state.
private struct NotesObservation: Equatable {
    var notes: [Note] = []
    var isLoading = false
    var message: String?
    var query = ""
    var selectedNoteID: Int?
}

@MainActor
private func observe(_ model: NotesViewModel) -> NotesObservation {
    NotesObservation(
        notes: model.notes, isLoading: model.isLoading, message: model.message, query: model.query,
        selectedNoteID: model.selectedNoteID)
}

@MainActor
@Suite struct NotesViewModelTests {
    private let gate = Gate<[Note]>()

    /// Starts a reload of `model` and returns once the loader holds it, as its call `call`.
    private func startReload(_ model: NotesViewModel, call: Int) async -> Task<Void, Never> {
        let reload = Task { await model.reload() }
        await bounded("load \(call)") { await gate.waitForCalls(call + 1) }
        return reload
    }

    /// Answers the loader's call `call` with `result` and waits for that reload to finish.
    private func finish(_ reload: Task<Void, Never>, call: Int, with result: Result<[Note], GateFailure>) async {
        await gate.release(call, with: result.mapError { $0 as any Error })
        await bounded("reload \(call)") { await reload.value }
    }

    /// A model on the gated loader whose first reload published `notes`.
    private func loadedModel(_ notes: [Note] = [swiftValues]) async -> NotesViewModel {
        let model = NotesViewModel(loader: GatedNotesLoader(gate: gate))
        await finish(await startReload(model, call: 0), call: 0, with: .success(notes))
        return model
    }

    @Test func reloadPublishesNotesAndTheQueryFiltersThemWhileDuplicatesAreRejected() async {
        let model = NotesViewModel(loader: FixedNotes(notes: [swiftValues, navigation]))
        await model.reload()
        model.query = "swift"
        #expect(model.visibleNotes == [swiftValues])
        #expect(observe(model) == NotesObservation(notes: [swiftValues, navigation], query: "swift"))

        let malformed = NotesViewModel(loader: FixedNotes(notes: [Note(id: 1, title: "A"), Note(id: 1, title: "B")]))
        await malformed.reload()
        #expect(observe(malformed) == NotesObservation(message: "The service returned note 1 more than once."))
    }

    @Test(arguments: [("NAV", [2]), ("values", [1]), ("", [1, 2, 3]), ("x", [Int]()), ("école", [3])])
    func visibleNotesFilterLoadedTitlesCaseInsensitively(query: String, ids: [Int]) async {
        let notes = [swiftValues, navigation, Note(id: 3, title: "ÉCOLE trip")]
        let model = NotesViewModel(loader: FixedNotes(notes: notes), query: query)
        await model.reload()
        #expect(model.visibleNotes.map(\.id) == ids)
    }

    @Test func reversedCompletionOrderPublishesOnlyTheNewestReload() async {
        let model = NotesViewModel(loader: GatedNotesLoader(gate: gate))
        let older = await startReload(model, call: 0)
        let newer = await startReload(model, call: 1)
        #expect(observe(model) == NotesObservation(isLoading: true))

        await finish(newer, call: 1, with: .success([navigation]))
        #expect(observe(model) == NotesObservation(notes: [navigation]))

        await finish(older, call: 0, with: .success([swiftValues]))
        #expect(observe(model) == NotesObservation(notes: [navigation]))
    }

    @Test func olderFailureArrivingLateDoesNotOverwriteTheNewestResult() async {
        let model = NotesViewModel(loader: GatedNotesLoader(gate: gate))
        let older = await startReload(model, call: 0)
        let newer = await startReload(model, call: 1)
        await finish(newer, call: 1, with: .success([swiftValues]))
        await finish(older, call: 0, with: .failure(GateFailure()))
        #expect(observe(model) == NotesObservation(notes: [swiftValues]))
    }

    @Test func cancelledReloadDoesNotPublishEvenWhenTheLoaderIgnoresCancellation() async {
        let model = await loadedModel()
        let cancelled = await startReload(model, call: 1)
        cancelled.cancel()
        await finish(cancelled, call: 1, with: .success([navigation]))
        #expect(observe(model) == NotesObservation(notes: [swiftValues]))
    }

    @Test func failedReloadKeepsExistingNotesAndShowsAMessage() async {
        let model = await loadedModel()
        let second = await startReload(model, call: 1)
        #expect(observe(model) == NotesObservation(notes: [swiftValues], isLoading: true))
        await finish(second, call: 1, with: .failure(GateFailure()))
        #expect(observe(model) == NotesObservation(notes: [swiftValues], message: "Notes could not be refreshed."))
    }

    @Test func duplicateIdentitiesAreRejectedWhileExistingNotesStay() async {
        let model = await loadedModel()
        await finish(await startReload(model, call: 1), call: 1, with: .success([navigation, Note(id: 2, title: "Again")]))
        #expect(observe(model) == NotesObservation(notes: [swiftValues], message: "The service returned note 2 more than once."))
    }

    @Test func visibleNotesTrackingIsInvalidatedByQueryEditsAndPublishedNotes() async {
        let model = await loadedModel()
        let log = ChangeLog.observing("query") { _ = model.visibleNotes }
        model.query = "swift"
        #expect(log.recorded == ["query"])

        withObservationTracking {
            _ = model.visibleNotes
        } onChange: {
            log.record("notes")
        }
        let second = await startReload(model, call: 1)
        #expect(log.recorded == ["query"])
        await finish(second, call: 1, with: .success([swiftValues, navigation]))
        #expect(log.recorded == ["query", "notes"])
        #expect(model.visibleNotes == [swiftValues])
    }

    @Test func trackingOnlyTheMessageIgnoresQueryEdits() {
        let model = NotesViewModel(loader: FixedNotes(notes: []))
        let log = ChangeLog.observing("message") { _ = model.message }
        model.query = "anything"
        #expect(log.recorded.isEmpty)
    }

    @Test func restoredSelectionStaysUntilAReloadNoLongerListsItsNote() async {
        let model = NotesViewModel(loader: GatedNotesLoader(gate: gate), query: "nav", selectedNoteID: 2)
        #expect(observe(model) == NotesObservation(query: "nav", selectedNoteID: 2))

        await finish(await startReload(model, call: 0), call: 0, with: .success([swiftValues, navigation]))
        #expect(observe(model) == NotesObservation(notes: [swiftValues, navigation], query: "nav", selectedNoteID: 2))

        await finish(await startReload(model, call: 1), call: 1, with: .success([swiftValues]))
        #expect(observe(model) == NotesObservation(notes: [swiftValues], query: "nav"))
    }

    @Test func selectionAcceptsOnlyLoadedNotesAndSurvivesTheQueryHidingIt() async {
        let model = NotesViewModel(loader: FixedNotes(notes: [swiftValues, navigation]))
        model.select(1)
        #expect(model.selectedNoteID == nil)
        await model.reload()
        model.select(1)
        model.select(99)
        #expect(model.selectedNoteID == 1)
        model.query = "nav"
        #expect(model.selectedNoteID == 1)
        model.select(nil)
        #expect(model.selectedNoteID == nil)
    }

    @Test func aFailedReloadKeepsTheSelection() async {
        let model = NotesViewModel(loader: GatedNotesLoader(gate: gate), selectedNoteID: 1)
        await finish(await startReload(model, call: 0), call: 0, with: .failure(GateFailure()))
        #expect(observe(model) == NotesObservation(message: "Notes could not be refreshed.", selectedNoteID: 1))
    }
}
