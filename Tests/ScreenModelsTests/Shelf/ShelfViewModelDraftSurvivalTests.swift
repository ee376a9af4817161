import Foundation
import ScreenModels
import Testing

private let dune = ShelfBook(id: 1, title: "Dune", revision: 1)
private let emma = ShelfBook(id: 2, title: "Emma", revision: 1)

/// Drafts against filtered responses, removals and restoration (issue 10, defects 1–3).
@MainActor
@Suite struct ShelfViewModelDraftSurvivalTests {
    private let loader = ControlledShelf()
    private let saver = ControlledSaver()

    private func loadedModel(_ books: [ShelfBook]) -> ShelfViewModel {
        loader.loadedModel(books, saver: saver)
    }

    @Test func searchThatDoesNotMatchADraftedBookKeepsTheDraftAndShowsItAgainWhenListed() {
        let model = loadedModel([dune, emma])
        model.edit(bookID: 2, title: "Emma (annotated)")
        let draft = ShelfDraft(bookID: 2, baseRevision: 1, proposedTitle: "Emma (annotated)")

        model.search("du")
        loader.complete(1, with: .success([dune]))
        #expect(model.state == ShelfState(rows: [ShelfRow(id: 1, title: "Dune")]))
        #expect(model.draft(for: 2) == draft)
        #expect(model.drafts == [draft])

        model.search("")
        loader.complete(2, with: .success([dune, emma]))
        #expect(
            model.state
                == ShelfState(rows: [
                    ShelfRow(id: 1, title: "Dune"), ShelfRow(id: 2, title: "Emma (annotated)", isEdited: true),
                ]))
        #expect(model.drafts == [draft])
    }

    @Test func conflictOfABookHiddenByASearchSurvivesTheSearch() throws {
        let model = loadedModel([dune, emma])
        model.edit(bookID: 2, title: "Mine")
        try #require(model.save(bookID: 2) != nil)
        let theirs = ShelfBook(id: 2, title: "Theirs", revision: 3)
        saver.complete(0, with: .conflict(current: theirs))
        let conflict = ShelfConflict(draft: ShelfDraft(bookID: 2, baseRevision: 1, proposedTitle: "Mine"), current: theirs)
        #expect(model.state.conflicts == [conflict])

        model.search("du")
        loader.complete(1, with: .success([dune]))
        #expect(model.state == ShelfState(rows: [ShelfRow(id: 1, title: "Dune")], conflicts: [conflict]))
        #expect(model.draft(for: 2) == conflict.draft)
    }

    @Test func unfilteredRefreshThatNoLongerListsADraftedBookDropsTheDraftWithAWarning() {
        let model = loadedModel([dune, emma])
        model.edit(bookID: 2, title: "Emma!")
        model.reload()
        loader.complete(1, with: .success([dune]))
        #expect(model.drafts.isEmpty)
        #expect(model.state.rows == [ShelfRow(id: 1, title: "Dune")])
        #expect(model.state.errorMessage == "Book 2 is no longer on the shelf; its unsaved title “Emma!” was discarded.")
        #expect(!model.state.showsEmpty)
    }

    @Test func snapshotTakenDuringASearchCarriesTheDraftsOfHiddenBooks() {
        let fetchedAt = Date(timeIntervalSince1970: 7)
        let model = ShelfViewModel(loader: loader, now: { fetchedAt })
        model.reload()
        loader.complete(0, with: .success([dune, emma]))
        model.edit(bookID: 1, title: "Dune Messiah")
        model.edit(bookID: 2, title: "Emma (annotated)")
        model.search("du")
        loader.complete(1, with: .success([dune]))
        #expect(model.snapshot?.books == [dune])
        #expect(
            model.snapshot?.drafts == [
                ShelfDraft(bookID: 1, baseRevision: 1, proposedTitle: "Dune Messiah"),
                ShelfDraft(bookID: 2, baseRevision: 1, proposedTitle: "Emma (annotated)"),
            ])
    }

    @Test func restoringADraftBasedOnAnOlderRevisionShowsItAsAConflict() {
        let current = ShelfBook(id: 2, title: "Emma", revision: 4)
        let stale = ShelfDraft(bookID: 2, baseRevision: 1, proposedTitle: "Emma (annotated)")
        let fresh = ShelfDraft(bookID: 1, baseRevision: 1, proposedTitle: "Dune Messiah")
        let snapshot = ShelfSnapshot(books: [dune, current], fetchedAt: Date(timeIntervalSince1970: 0), drafts: [fresh, stale])
        let model = ShelfViewModel(loader: loader, restoring: snapshot)
        #expect(
            model.state
                == ShelfState(
                    rows: [ShelfRow(id: 1, title: "Dune Messiah", isEdited: true), ShelfRow(id: 2, title: "Emma (annotated)", isEdited: true)],
                    isStale: true,
                    conflicts: [ShelfConflict(draft: stale, current: current)]))

        // Editing after seeing the conflict rebases onto the current record, as a live conflict does.
        model.edit(bookID: 2, title: "Emma, merged")
        #expect(model.draft(for: 2) == ShelfDraft(bookID: 2, baseRevision: 4, proposedTitle: "Emma, merged"))
        #expect(model.state.conflicts.isEmpty)
    }

    @Test func saveAnsweredNotFoundDropsTheDraftOfAHiddenBookWithAWarning() throws {
        let model = loadedModel([dune, emma])
        model.edit(bookID: 2, title: "Emma!")
        try #require(model.save(bookID: 2) != nil)
        model.search("du")
        loader.complete(1, with: .success([dune]))
        #expect(model.drafts == [ShelfDraft(bookID: 2, baseRevision: 1, proposedTitle: "Emma!")])

        saver.complete(0, with: .notFound)
        #expect(model.drafts.isEmpty)
        #expect(model.pendingSaves.isEmpty)
        #expect(
            model.state
                == ShelfState(
                    rows: [ShelfRow(id: 1, title: "Dune")],
                    errorMessage: "Book 2 is no longer on the shelf; its unsaved title “Emma!” was discarded.",
                    discardedDrafts: [ShelfDraft(bookID: 2, baseRevision: 1, proposedTitle: "Emma!")]))

        // The warning belongs to the last refresh or save: the next refresh starts without it.
        model.reload()
        #expect(model.state == ShelfState(rows: [ShelfRow(id: 1, title: "Dune")], isRefreshing: true))
    }

    @Test func saveAnsweredNotFoundRemovesAListedBookEvenWhenANewerEditOwnsTheDraft() {
        let model = loadedModel([dune, emma])
        model.edit(bookID: 1, title: "A")
        model.save(bookID: 1)
        model.edit(bookID: 1, title: "B")
        saver.complete(0, with: .notFound)
        #expect(model.books == [emma])
        #expect(model.drafts.isEmpty)
        #expect(model.state.rows == [ShelfRow(id: 2, title: "Emma")])
        #expect(model.state.discardedDrafts == [ShelfDraft(bookID: 1, baseRevision: 1, proposedTitle: "B")])
    }

    @Test func snapshotCarriesTheQueryItsBooksAnswerAndRestoringShowsThemUnderThatQuery() {
        let fetchedAt = Date(timeIntervalSince1970: 7)
        let model = ShelfViewModel(loader: loader, now: { fetchedAt })
        model.reload()
        loader.complete(0, with: .success([dune, emma]))
        model.edit(bookID: 2, title: "Emma (annotated)")
        model.search("du")
        loader.complete(1, with: .success([dune]))
        model.search("dune m")  // still in flight: the saved query is the one the rows answer
        let hiddenDraft = ShelfDraft(bookID: 2, baseRevision: 1, proposedTitle: "Emma (annotated)")
        let expected = ShelfSnapshot(books: [dune], fetchedAt: fetchedAt, drafts: [hiddenDraft], query: "du")
        #expect(model.snapshot == expected)

        let restoredLoader = ControlledShelf()
        let restored = ShelfViewModel(loader: restoredLoader, restoring: expected)
        #expect(restored.query == "du")
        #expect(restored.drafts == [hiddenDraft])
        #expect(restored.state == ShelfState(rows: [ShelfRow(id: 1, title: "Dune")], isStale: true))
        #expect(restored.snapshot == expected)

        restored.reload()
        #expect(restoredLoader.requests.map(\.query) == ["du"])
        restoredLoader.complete(0, with: .success([dune]))
        restored.search("")
        restoredLoader.complete(1, with: .success([dune, emma]))
        #expect(
            restored.state
                == ShelfState(rows: [
                    ShelfRow(id: 1, title: "Dune"), ShelfRow(id: 2, title: "Emma (annotated)", isEdited: true),
                ]))
    }

    @Test func restoringWithTheConflictsRestorationFlaggedShowsExactlyThose() {
        let current = ShelfBook(id: 2, title: "Emma", revision: 4)
        let stale = ShelfDraft(bookID: 2, baseRevision: 1, proposedTitle: "Emma (annotated)")
        let snapshot = ShelfSnapshot(
            books: [dune, current], fetchedAt: Date(timeIntervalSince1970: 0),
            drafts: [ShelfDraft(bookID: 1, baseRevision: 1, proposedTitle: "Dune Messiah"), stale])
        let flagged = ShelfViewModel(loader: loader, restoring: snapshot, conflicts: [stale])
        #expect(flagged.state.conflicts == [ShelfConflict(draft: stale, current: current)])
        let none = ShelfViewModel(loader: loader, restoring: snapshot, conflicts: [])
        #expect(none.state.conflicts.isEmpty)
        let unknown = ShelfViewModel(loader: loader, restoring: snapshot, conflicts: [ShelfDraft(bookID: 9, baseRevision: 0, proposedTitle: "X")])
        #expect(unknown.state.conflicts.isEmpty)
    }
}
