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
        let older = Task { await model.reload() }
        await gate.waitForCalls(1)
        let newer = Task { await model.reload() }
        await gate.waitForCalls(2)
        #expect(observe(model) == NotesObservation(isLoading: true))

        await gate.release(1, with: .success([navigation]))
        await newer.value
        #expect(observe(model) == NotesObservation(notes: [navigation]))

        await gate.release(0, with: .success([swiftValues]))
        await older.value
        #expect(observe(model) == NotesObservation(notes: [navigation]))
    }

    @Test func olderFailureArrivingLateDoesNotOverwriteTheNewestResult() async {
        let model = NotesViewModel(loader: GatedNotesLoader(gate: gate))
        let older = Task { await model.reload() }
        await gate.waitForCalls(1)
        let newer = Task { await model.reload() }
        await gate.waitForCalls(2)
        await gate.release(1, with: .success([swiftValues]))
        await newer.value
        await gate.release(0, with: .failure(GateFailure()))
        await older.value
        #expect(observe(model) == NotesObservation(notes: [swiftValues]))
    }

    @Test func cancelledReloadDoesNotPublishEvenWhenTheLoaderIgnoresCancellation() async {
        let model = NotesViewModel(loader: GatedNotesLoader(gate: gate))
        let first = Task { await model.reload() }
        await gate.waitForCalls(1)
        await gate.release(0, with: .success([swiftValues]))
        await first.value

        let cancelled = Task { await model.reload() }
        await gate.waitForCalls(2)
        cancelled.cancel()
        await gate.release(1, with: .success([navigation]))
        await cancelled.value
        #expect(observe(model) == NotesObservation(notes: [swiftValues]))
    }

    @Test func failedReloadKeepsExistingNotesAndShowsAMessage() async {
        let model = NotesViewModel(loader: GatedNotesLoader(gate: gate))
        let first = Task { await model.reload() }
        await gate.waitForCalls(1)
        await gate.release(0, with: .success([swiftValues]))
        await first.value

        let second = Task { await model.reload() }
        await gate.waitForCalls(2)
        #expect(observe(model) == NotesObservation(notes: [swiftValues], isLoading: true))
        await gate.release(1, with: .failure(GateFailure()))
        await second.value
        #expect(observe(model) == NotesObservation(notes: [swiftValues], message: "Notes could not be refreshed."))
    }

    @Test func duplicateIdentitiesAreRejectedWhileExistingNotesStay() async {
        let model = NotesViewModel(loader: GatedNotesLoader(gate: gate))
        let first = Task { await model.reload() }
        await gate.waitForCalls(1)
        await gate.release(0, with: .success([swiftValues]))
        await first.value
        let second = Task { await model.reload() }
        await gate.waitForCalls(2)
        await gate.release(1, with: .success([navigation, Note(id: 2, title: "Again")]))
        await second.value
        #expect(observe(model) == NotesObservation(notes: [swiftValues], message: "The service returned note 2 more than once."))
    }

    @Test func visibleNotesTrackingIsInvalidatedByQueryEditsAndPublishedNotes() async {
        let model = NotesViewModel(loader: GatedNotesLoader(gate: gate))
        let first = Task { await model.reload() }
        await gate.waitForCalls(1)
        await gate.release(0, with: .success([swiftValues]))
        await first.value

        let log = ChangeLog()
        withObservationTracking {
            _ = model.visibleNotes
        } onChange: {
            log.record("query")
        }
        model.query = "swift"
        #expect(log.recorded == ["query"])

        withObservationTracking {
            _ = model.visibleNotes
        } onChange: {
            log.record("notes")
        }
        let second = Task { await model.reload() }
        await gate.waitForCalls(2)
        #expect(log.recorded == ["query"])
        await gate.release(1, with: .success([swiftValues, navigation]))
        await second.value
        #expect(log.recorded == ["query", "notes"])
        #expect(model.visibleNotes == [swiftValues])
    }

    @Test func trackingOnlyTheMessageIgnoresQueryEdits() {
        let model = NotesViewModel(loader: FixedNotes(notes: []))
        let log = ChangeLog()
        withObservationTracking {
            _ = model.message
        } onChange: {
            log.record("message")
        }
        model.query = "anything"
        #expect(log.recorded.isEmpty)
    }

    @Test func restoredSelectionStaysUntilAReloadNoLongerListsItsNote() async {
        let model = NotesViewModel(loader: GatedNotesLoader(gate: gate), query: "nav", selectedNoteID: 2)
        #expect(observe(model) == NotesObservation(query: "nav", selectedNoteID: 2))

        let first = Task { await model.reload() }
        await bounded("the first load") { await gate.waitForCalls(1) }
        await gate.release(0, with: .success([swiftValues, navigation]))
        await bounded("the first reload") { await first.value }
        #expect(observe(model) == NotesObservation(notes: [swiftValues, navigation], query: "nav", selectedNoteID: 2))

        let second = Task { await model.reload() }
        await bounded("the second load") { await gate.waitForCalls(2) }
        await gate.release(1, with: .success([swiftValues]))
        await bounded("the second reload") { await second.value }
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
        let load = Task { await model.reload() }
        await bounded("the load") { await gate.waitForCalls(1) }
        await gate.release(0, with: .failure(GateFailure()))
        await bounded("the reload") { await load.value }
        #expect(observe(model) == NotesObservation(message: "Notes could not be refreshed.", selectedNoteID: 1))
    }
}
