import Foundation
import ScreenModels
import Testing

private let existing = ShelfBook(id: 1, title: "Existing")
private let current = ShelfBook(id: 2, title: "Current")
private let refreshMessage = "Could not refresh the shelf."

@MainActor
@Suite struct ShelfViewModelTests {
    @Test func refreshKeepsContentSeparatesFailureFromEmptyAndPublishesOnlyTheLatestRequest() {
        let loader = ControlledShelf()
        let model = ShelfViewModel(loader: loader)
        var frames: [ShelfState] = []
        model.bind { frames.append($0) }
        #expect(frames == [ShelfState()])

        model.reload()
        #expect(model.state == ShelfState(isRefreshing: true))
        loader.complete(0, with: .success([existing]))
        #expect(model.state == ShelfState(rows: [ShelfRow(id: 1, title: "Existing")]))

        model.reload()
        #expect(model.state == ShelfState(rows: [ShelfRow(id: 1, title: "Existing")], isRefreshing: true))
        loader.complete(1, with: .failure(.offline))
        #expect(model.state == ShelfState(rows: [ShelfRow(id: 1, title: "Existing")], errorMessage: refreshMessage))
        #expect(!model.state.showsEmpty)

        model.reload()
        model.reload()
        #expect(loader.cancelled == [false, false, true, false])
        loader.complete(3, with: .success([current]))
        #expect(model.state == ShelfState(rows: [ShelfRow(id: 2, title: "Current")]))
        loader.complete(2, with: .success([]))
        #expect(model.state == ShelfState(rows: [ShelfRow(id: 2, title: "Current")]))

        let renderedCount = frames.count
        model.stop()
        loader.complete(3, with: .failure(.offline))
        model.reload()
        #expect(frames.count == renderedCount)
        #expect(loader.requests.count == 4)
        #expect(model.state == ShelfState(rows: [ShelfRow(id: 2, title: "Current")]))
    }

    @Test func successfulEmptyResponseEmptiesTheShelf() {
        let loader = ControlledShelf()
        let model = loader.loadedModel([existing])
        model.reload()
        loader.complete(1, with: .success([]))
        #expect(model.state == ShelfState())
        #expect(model.state.showsEmpty)
    }

    @Test func searchSendsTheQueryAndCancelsTheObsoleteRequest() {
        let loader = ControlledShelf()
        let model = ShelfViewModel(loader: loader)
        model.search("du")
        model.search("dune")
        #expect(loader.requests.map(\.query) == ["du", "dune"])
        #expect(loader.cancelled == [true, false])
        #expect(model.query == "dune")

        loader.complete(1, with: .success([ShelfBook(id: 7, title: "Dune")]))
        loader.complete(0, with: .success([ShelfBook(id: 8, title: "Dubliners")]))
        #expect(model.state == ShelfState(rows: [ShelfRow(id: 7, title: "Dune")]))
        model.reload()
        #expect(loader.requests.map(\.query) == ["du", "dune", "dune"])
    }

    @Test func delayedResultOfACancelledRequestIsIgnoredEvenWhenNewestToArrive() {
        let loader = ControlledShelf()
        let model = ShelfViewModel(loader: loader)
        model.reload()
        model.reload()
        loader.complete(1, with: .failure(.offline))
        #expect(model.state == ShelfState(errorMessage: refreshMessage))
        loader.complete(0, with: .success([existing]))
        #expect(model.state == ShelfState(errorMessage: refreshMessage))
    }

    @Test func stopCancelsTheInFlightLoadAndIgnoresItsResult() {
        let loader = ControlledShelf()
        let model = ShelfViewModel(loader: loader)
        model.reload()
        model.stop()
        #expect(loader.cancelled == [true])
        loader.complete(0, with: .success([existing]))
        #expect(model.state == ShelfState(isRefreshing: true))
        #expect(model.snapshot == nil)
    }

    @Test func duplicateBookIDsAreRejectedWithAMessageWhileOldRowsStay() {
        let loader = ControlledShelf()
        let model = loader.loadedModel([existing])
        model.reload()
        loader.complete(1, with: .success([current, ShelfBook(id: 2, title: "Twin")]))
        #expect(
            model.state
                == ShelfState(
                    rows: [ShelfRow(id: 1, title: "Existing")],
                    errorMessage: "The shelf response listed book 2 more than once; showing the previous shelf."))
        #expect(model.books == [existing])
    }

    @Test func bindReplaysTheCurrentStateAndOnlyTheLastCallbackReceivesUpdates() {
        let loader = ControlledShelf()
        let model = ShelfViewModel(loader: loader)
        var first: [ShelfState] = []
        var second: [ShelfState] = []
        model.bind { first.append($0) }
        model.bind { second.append($0) }
        model.reload()
        #expect(first == [ShelfState()])
        #expect(second == [ShelfState(), ShelfState(isRefreshing: true)])
    }

    @Test func restoredSnapshotIsShownStaleUntilTheFirstSuccessfulRefresh() {
        let loader = ControlledShelf()
        let savedAt = Date(timeIntervalSince1970: 1_000)
        let refreshedAt = Date(timeIntervalSince1970: 2_000)
        let snapshot = ShelfSnapshot(
            books: [ShelfBook(id: 1, title: "Dune", revision: 4), ShelfBook(id: 2, title: "Emma", revision: 1)],
            fetchedAt: savedAt,
            drafts: [ShelfDraft(bookID: 2, baseRevision: 1, proposedTitle: "Emma (annotated)")])
        let model = ShelfViewModel(loader: loader, restoring: snapshot, now: { refreshedAt })
        let restoredRows = [ShelfRow(id: 1, title: "Dune"), ShelfRow(id: 2, title: "Emma (annotated)", isEdited: true)]
        #expect(model.state == ShelfState(rows: restoredRows, isStale: true))
        #expect(model.snapshot == snapshot)

        model.reload()
        loader.complete(0, with: .failure(.offline))
        #expect(model.state == ShelfState(rows: restoredRows, errorMessage: refreshMessage, isStale: true))

        model.reload()
        loader.complete(1, with: .success([ShelfBook(id: 2, title: "Emma", revision: 1)]))
        #expect(model.state == ShelfState(rows: [ShelfRow(id: 2, title: "Emma (annotated)", isEdited: true)]))
        #expect(
            model.snapshot
                == ShelfSnapshot(
                    books: [ShelfBook(id: 2, title: "Emma", revision: 1)], fetchedAt: refreshedAt,
                    drafts: [ShelfDraft(bookID: 2, baseRevision: 1, proposedTitle: "Emma (annotated)")]))
    }

    @Test func restoredSnapshotFromDiskIsSanitizedInsteadOfTrapping() {
        let snapshot = ShelfSnapshot(
            books: [ShelfBook(id: 1, title: "Dune"), ShelfBook(id: 1, title: "Dune again")],
            fetchedAt: Date(timeIntervalSince1970: 0),
            drafts: [
                ShelfDraft(bookID: 9, baseRevision: 0, proposedTitle: "Orphan"),
                ShelfDraft(bookID: 1, baseRevision: 0, proposedTitle: "First"),
                ShelfDraft(bookID: 1, baseRevision: 0, proposedTitle: "Second"),
            ])
        let model = ShelfViewModel(loader: ControlledShelf(), restoring: snapshot)
        #expect(model.books == [ShelfBook(id: 1, title: "Dune")])
        #expect(model.drafts == [ShelfDraft(bookID: 1, baseRevision: 0, proposedTitle: "First")])
        #expect(model.state == ShelfState(rows: [ShelfRow(id: 1, title: "First", isEdited: true)], isStale: true))
    }

    @Test func snapshotIsNilBeforeAnyContentAndCapturesTheFetchTime() {
        let loader = ControlledShelf()
        let fetchedAt = Date(timeIntervalSince1970: 42)
        let model = ShelfViewModel(loader: loader, now: { fetchedAt })
        #expect(model.snapshot == nil)
        model.reload()
        loader.complete(0, with: .failure(.offline))
        #expect(model.snapshot == nil)
        model.reload()
        loader.complete(1, with: .success([]))
        #expect(model.snapshot == ShelfSnapshot(books: [], fetchedAt: fetchedAt, drafts: []))
    }
}
