import ScreenModels
import Testing

/// Everything observable about one book at one step: rendered row, retained draft, authoritative record.
private struct BookObservation: Equatable {
    let row: ShelfRow?
    let draft: ShelfDraft?
    let book: ShelfBook?
}

@MainActor
private func observe(_ model: ShelfViewModel, bookID: Int) -> BookObservation {
    BookObservation(
        row: model.state.rows.first { $0.id == bookID },
        draft: model.draft(for: bookID),
        book: model.book(withID: bookID))
}

@MainActor
@Suite struct ShelfViewModelEditingTests {
    private let loader = ControlledShelf()
    private let saver = ControlledSaver()

    private func loadedModel(_ books: [ShelfBook]) -> ShelfViewModel {
        loader.loadedModel(books, saver: saver)
    }

    @Test func refreshEditSaveRefreshAndReversedSaveOutcomesKeepTitleDraftAndRevisionConsistent() throws {
        let model = loadedModel([ShelfBook(id: 1, title: "Dune", revision: 1), ShelfBook(id: 2, title: "Emma", revision: 1)])
        #expect(
            observe(model, bookID: 1)
                == BookObservation(
                    row: ShelfRow(id: 1, title: "Dune"), draft: nil, book: ShelfBook(id: 1, title: "Dune", revision: 1)))

        model.edit(bookID: 1, title: "Dune Messiah")
        let draftA = ShelfDraft(bookID: 1, baseRevision: 1, proposedTitle: "Dune Messiah")
        #expect(
            observe(model, bookID: 1)
                == BookObservation(
                    row: ShelfRow(id: 1, title: "Dune Messiah", isEdited: true), draft: draftA,
                    book: ShelfBook(id: 1, title: "Dune", revision: 1)))

        let saveA = try #require(model.save(bookID: 1))
        #expect(saver.sent == [draftA])
        #expect(model.pendingSaves == [saveA: draftA])
        #expect(
            observe(model, bookID: 1)
                == BookObservation(
                    row: ShelfRow(id: 1, title: "Dune Messiah", isEdited: true), draft: draftA,
                    book: ShelfBook(id: 1, title: "Dune", revision: 1)))

        // Another refresh lands before the save: the draft survives and still projects.
        model.reload()
        loader.complete(1, with: .success([ShelfBook(id: 1, title: "Dune", revision: 1), ShelfBook(id: 2, title: "Emma", revision: 1)]))
        #expect(
            observe(model, bookID: 1)
                == BookObservation(
                    row: ShelfRow(id: 1, title: "Dune Messiah", isEdited: true), draft: draftA,
                    book: ShelfBook(id: 1, title: "Dune", revision: 1)))

        // A second edit and save while A is in flight; B now owns the draft.
        model.edit(bookID: 1, title: "Dune (2nd ed.)")
        let draftB = ShelfDraft(bookID: 1, baseRevision: 1, proposedTitle: "Dune (2nd ed.)")
        let saveB = try #require(model.save(bookID: 1))
        #expect(saveA != saveB)
        #expect(model.pendingSaves == [saveA: draftA, saveB: draftB])
        model.reload()  // issued before either outcome, answered last with the old record

        // Reversed outcomes: B succeeds first, then A fails.
        saver.complete(1, with: .saved(ShelfBook(id: 1, title: "Dune (2nd ed.)", revision: 2)))
        #expect(
            observe(model, bookID: 1)
                == BookObservation(
                    row: ShelfRow(id: 1, title: "Dune (2nd ed.)"), draft: nil,
                    book: ShelfBook(id: 1, title: "Dune (2nd ed.)", revision: 2)))

        saver.complete(0, with: .failed(.offline))
        #expect(
            observe(model, bookID: 1)
                == BookObservation(
                    row: ShelfRow(id: 1, title: "Dune (2nd ed.)"), draft: nil,
                    book: ShelfBook(id: 1, title: "Dune (2nd ed.)", revision: 2)))
        #expect(model.state.errorMessage == nil)
        #expect(model.pendingSaves.isEmpty)

        loader.complete(2, with: .success([ShelfBook(id: 1, title: "Dune", revision: 1), ShelfBook(id: 2, title: "Emma", revision: 1)]))
        #expect(
            observe(model, bookID: 1)
                == BookObservation(
                    row: ShelfRow(id: 1, title: "Dune (2nd ed.)"), draft: nil,
                    book: ShelfBook(id: 1, title: "Dune (2nd ed.)", revision: 2)))
        #expect(model.state == ShelfState(rows: [ShelfRow(id: 1, title: "Dune (2nd ed.)"), ShelfRow(id: 2, title: "Emma")]))
    }

    @Test func lateSuccessOfAnEarlierSaveDoesNotRegressTheRevision() throws {
        let model = loadedModel([ShelfBook(id: 1, title: "Dune", revision: 1)])
        model.edit(bookID: 1, title: "A")
        model.save(bookID: 1)
        model.edit(bookID: 1, title: "B")
        // A's success rebases the newer draft so B is not a conflict with our own write.
        saver.complete(0, with: .saved(ShelfBook(id: 1, title: "A", revision: 2)))
        #expect(
            observe(model, bookID: 1)
                == BookObservation(
                    row: ShelfRow(id: 1, title: "B", isEdited: true),
                    draft: ShelfDraft(bookID: 1, baseRevision: 2, proposedTitle: "B"),
                    book: ShelfBook(id: 1, title: "A", revision: 2)))

        model.save(bookID: 1)
        #expect(saver.sent.last == ShelfDraft(bookID: 1, baseRevision: 2, proposedTitle: "B"))
        saver.complete(1, with: .saved(ShelfBook(id: 1, title: "B", revision: 3)))
        saver.complete(0, with: .saved(ShelfBook(id: 1, title: "A", revision: 2)))  // duplicate late delivery
        #expect(
            observe(model, bookID: 1)
                == BookObservation(
                    row: ShelfRow(id: 1, title: "B"), draft: nil, book: ShelfBook(id: 1, title: "B", revision: 3)))
    }

    @Test func failedSaveThatStillOwnsTheDraftRollsBackWithAWarning() {
        let model = loadedModel([ShelfBook(id: 1, title: "Dune", revision: 1)])
        model.edit(bookID: 1, title: "Dune Messiah")
        model.save(bookID: 1)
        saver.complete(0, with: .failed(.offline))
        #expect(
            observe(model, bookID: 1)
                == BookObservation(
                    row: ShelfRow(id: 1, title: "Dune"), draft: nil, book: ShelfBook(id: 1, title: "Dune", revision: 1)))
        #expect(model.state.errorMessage == "Could not save the new title “Dune Messiah”.")
    }

    @Test func failedSaveLeavesANewerEditItNoLongerOwns() {
        let model = loadedModel([ShelfBook(id: 1, title: "Dune", revision: 1)])
        model.edit(bookID: 1, title: "A")
        model.save(bookID: 1)
        model.edit(bookID: 1, title: "A, revised")
        saver.complete(0, with: .failed(.offline))
        #expect(
            observe(model, bookID: 1)
                == BookObservation(
                    row: ShelfRow(id: 1, title: "A, revised", isEdited: true),
                    draft: ShelfDraft(bookID: 1, baseRevision: 1, proposedTitle: "A, revised"),
                    book: ShelfBook(id: 1, title: "Dune", revision: 1)))
        #expect(model.state.errorMessage == nil)
    }

    @Test func conflictKeepsTheDraftReportsTheCurrentRecordAndEditingRebases() {
        let model = loadedModel([ShelfBook(id: 1, title: "Dune", revision: 1)])
        model.edit(bookID: 1, title: "Mine")
        model.save(bookID: 1)
        let theirs = ShelfBook(id: 1, title: "Theirs", revision: 5)
        saver.complete(0, with: .conflict(current: theirs))
        let sent = ShelfDraft(bookID: 1, baseRevision: 1, proposedTitle: "Mine")
        #expect(
            observe(model, bookID: 1)
                == BookObservation(
                    row: ShelfRow(id: 1, title: "Mine", isEdited: true), draft: sent, book: theirs))
        #expect(model.state.conflicts == [ShelfConflict(draft: sent, current: theirs)])

        model.edit(bookID: 1, title: "Mine, merged")
        #expect(model.draft(for: 1) == ShelfDraft(bookID: 1, baseRevision: 5, proposedTitle: "Mine, merged"))
        #expect(model.state.conflicts.isEmpty)
    }

    @Test func refreshThatNoLongerListsABookDiscardsItsDraft() {
        let model = loadedModel([ShelfBook(id: 1, title: "Dune"), ShelfBook(id: 2, title: "Emma")])
        model.edit(bookID: 2, title: "Emma!")
        model.reload()
        loader.complete(1, with: .success([ShelfBook(id: 1, title: "Dune")]))
        #expect(model.drafts.isEmpty)
        #expect(
            model.state
                == ShelfState(
                    rows: [ShelfRow(id: 1, title: "Dune")],
                    errorMessage: "Book 2 is no longer on the shelf; its unsaved title “Emma!” was discarded.",
                    discardedDrafts: [ShelfDraft(bookID: 2, baseRevision: 0, proposedTitle: "Emma!")]))
    }

    @Test func discardingADraftShowsTheAuthoritativeTitle() {
        let model = loadedModel([ShelfBook(id: 1, title: "Dune")])
        model.edit(bookID: 1, title: "Draft")
        model.discardDraft(bookID: 1)
        #expect(
            observe(model, bookID: 1)
                == BookObservation(
                    row: ShelfRow(id: 1, title: "Dune"), draft: nil, book: ShelfBook(id: 1, title: "Dune")))
    }

    @Test func saveWithoutDraftOrSaverStartsNoOperation() {
        let model = loadedModel([ShelfBook(id: 1, title: "Dune")])
        #expect(model.save(bookID: 1) == nil)
        let readOnly = ShelfViewModel(loader: loader)
        readOnly.reload()
        loader.complete(loader.requests.count - 1, with: .success([ShelfBook(id: 1, title: "Dune")]))
        readOnly.edit(bookID: 1, title: "X")
        #expect(readOnly.save(bookID: 1) == nil)
        #expect(saver.sent.isEmpty)
    }
}
