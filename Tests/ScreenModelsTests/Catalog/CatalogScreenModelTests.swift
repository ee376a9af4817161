import ScreenModels
import Testing

private let swift = CatalogBook(id: 1, title: "Swift")
private let algorithms = CatalogBook(id: 2, title: "Algorithms")
private let swiftUI = CatalogBook(id: 3, title: "SwiftUI by Example")
private let rust = CatalogBook(id: 4, title: "Rust")

@Suite struct CatalogScreenModelTests {
    @Test func viewStateRecreatesTheFrameAndDocumentReplacementReconcilesSelection() {
        let document = CatalogDocument(books: [swift, algorithms])
        let screen = CatalogScreenModel(document: document)
        screen.send(.selected(2))
        screen.send(.queryChanged("Swift"))
        #expect(screen.frame == CatalogFrame(rows: [swift], selectedID: 2, query: "Swift"))
        #expect(screen.viewState == CatalogViewState(query: "Swift", selectedID: 2))

        let restored = CatalogScreenModel(document: document, viewState: screen.viewState)
        #expect(restored.frame == screen.frame)
        #expect(restored.lastAdjustments.isEmpty)

        screen.send(.documentReplaced(CatalogDocument(books: [swift])))
        #expect(screen.viewState == CatalogViewState(query: "Swift"))
        #expect(screen.lastAdjustments == [.selectionCleared(selectedID: 2)])
        #expect(screen.frame == CatalogFrame(rows: [swift], selectedID: nil, query: "Swift"))

        screen.send(.selected(999))
        #expect(screen.viewState == CatalogViewState(query: "Swift"))

        let otherWindow = CatalogScreenModel(document: document)
        #expect(otherWindow.viewState == CatalogViewState())
        #expect(restored.viewState == CatalogViewState(query: "Swift", selectedID: 2))
    }

    @Test func selectionSurvivesFilterAndReorderThenClearsWhenDeleted() {
        let screen = CatalogScreenModel(document: CatalogDocument(books: [swift, algorithms, swiftUI, rust]))

        screen.send(.selected(2))
        #expect(screen.viewState == CatalogViewState(selectedID: 2))
        #expect(screen.frame.rows == [swift, algorithms, swiftUI, rust])

        screen.send(.queryChanged("swift"))
        #expect(screen.viewState == CatalogViewState(query: "swift", selectedID: 2))
        #expect(screen.frame == CatalogFrame(rows: [swift, swiftUI], selectedID: 2, query: "swift"))

        screen.send(.documentReplaced(CatalogDocument(books: [rust, swiftUI, algorithms, swift])))
        #expect(screen.viewState == CatalogViewState(query: "swift", selectedID: 2))
        #expect(screen.frame == CatalogFrame(rows: [swiftUI, swift], selectedID: 2, query: "swift"))
        #expect(screen.lastAdjustments.isEmpty)

        screen.send(.documentReplaced(CatalogDocument(books: [rust, swiftUI, swift])))
        #expect(screen.viewState == CatalogViewState(query: "swift"))
        #expect(screen.frame == CatalogFrame(rows: [swiftUI, swift], selectedID: nil, query: "swift"))
        #expect(screen.lastAdjustments == [.selectionCleared(selectedID: 2)])
    }

    @Test func onlySelectedWithoutSelectionShowsNoRows() {
        let screen = CatalogScreenModel(document: CatalogDocument(books: [swift, algorithms]))
        screen.send(.onlySelectedChanged(true))
        #expect(screen.viewState == CatalogViewState(showsOnlySelected: true))
        #expect(screen.frame.rows.isEmpty)
        screen.send(.selected(2))
        #expect(screen.frame.rows == [algorithms])
    }

    @Test func scrollingCapturesAnchorAndNeighboursFromRenderedRows() {
        let books = (1...9).map { CatalogBook(id: $0, title: $0.isMultiple(of: 2) ? "Even \($0)" : "Odd \($0)") }
        let screen = CatalogScreenModel(document: CatalogDocument(books: books))
        screen.send(.queryChanged("odd"))
        screen.send(.scrolled(anchorID: 5, offset: 0.25))
        #expect(
            screen.viewState
                == CatalogViewState(
                    query: "odd", viewport: CatalogViewport(anchorID: 5, offset: 0.25, before: [3, 1], after: [7, 9])))
        #expect(screen.frame.viewport == screen.viewState.viewport)
    }

    @Test func scrollingToARowThatIsNotRenderedIsIgnored() {
        let screen = CatalogScreenModel(document: CatalogDocument(books: [swift, algorithms]))
        screen.send(.queryChanged("swift"))
        screen.send(.scrolled(anchorID: 2, offset: 0.5))
        screen.send(.scrolled(anchorID: 42, offset: 0.5))
        #expect(screen.viewState == CatalogViewState(query: "swift"))
    }

    @Test func scrolledOffsetOutOfRangeIsClampedLive() {
        let screen = CatalogScreenModel(document: CatalogDocument(books: [swift, algorithms]))
        screen.send(.scrolled(anchorID: 1, offset: 3))
        #expect(screen.viewState.viewport == CatalogViewport(anchorID: 1, offset: 1, after: [2]))
        #expect(screen.lastAdjustments == [.offsetClamped(from: 3, to: 1)])
    }

    @Test func liveFilterMovesTheAnchorWithTheRestoreRules() {
        let screen = CatalogScreenModel(document: CatalogDocument(books: [swift, algorithms, swiftUI, rust]))
        screen.send(.scrolled(anchorID: 2, offset: 0.6))
        #expect(screen.viewState.viewport == CatalogViewport(anchorID: 2, offset: 0.6, before: [1], after: [3, 4]))
        screen.send(.queryChanged("swift"))
        #expect(
            screen.viewState
                == CatalogViewState(
                    query: "swift", viewport: CatalogViewport(anchorID: 3, offset: 0, before: [1], after: [])))
        #expect(screen.lastAdjustments == [.anchorMoved(from: 2, to: 3, reason: .filteredOut)])
    }

    @Test func twoWindowsRestoreDifferentAnchorsOverTheSameBooks() {
        let saved = CatalogDocument(books: [swift, algorithms, swiftUI, rust])
        let first = CatalogScreenModel(document: saved)
        let second = CatalogScreenModel(document: saved)
        first.send(.scrolled(anchorID: 2, offset: 0.5))
        second.send(.queryChanged("swift"))
        second.send(.scrolled(anchorID: 3, offset: 0.75))
        #expect(first.viewState.viewport == CatalogViewport(anchorID: 2, offset: 0.5, before: [1], after: [3, 4]))
        #expect(second.viewState.viewport == CatalogViewport(anchorID: 3, offset: 0.75, before: [1], after: []))

        let changed = CatalogDocument(books: [rust, swiftUI, swift, CatalogBook(id: 5, title: "Swift Testing")])
        let restoredFirst = CatalogScreenModel(document: changed, viewState: first.viewState)
        let restoredSecond = CatalogScreenModel(document: changed, viewState: second.viewState)

        #expect(
            restoredFirst.viewState
                == CatalogViewState(
                    viewport: CatalogViewport(anchorID: 3, offset: 0, before: [4], after: [1, 5])))
        #expect(restoredFirst.lastAdjustments == [.anchorMoved(from: 2, to: 3, reason: .deleted)])
        #expect(restoredFirst.frame.rows == changed.books)

        #expect(restoredSecond.viewState == second.viewState)
        #expect(restoredSecond.lastAdjustments.isEmpty)
        #expect(
            restoredSecond.frame
                == CatalogFrame(
                    rows: [swiftUI, swift, CatalogBook(id: 5, title: "Swift Testing")], selectedID: nil, query: "swift",
                    viewport: second.viewState.viewport))
    }

    @Test func changedReceivesTheFrameAfterEveryAppliedAction() {
        let screen = CatalogScreenModel(document: CatalogDocument(books: [swift, algorithms]))
        var frames: [CatalogFrame] = []
        screen.changed = { frames.append($0) }
        screen.send(.queryChanged("algo"))
        screen.send(.selected(2))
        #expect(
            frames == [
                CatalogFrame(rows: [algorithms], selectedID: nil, query: "algo"),
                CatalogFrame(rows: [algorithms], selectedID: 2, query: "algo"),
            ])
    }

    @Test func handedOverAdjustmentsAreTheFirstLastAdjustmentsUntilTheNextAction() {
        let restored = CatalogScreenModel(
            document: CatalogDocument(books: [swift, algorithms]),
            viewState: CatalogViewState(query: "swift"),
            adjustments: [.selectionCleared(selectedID: 9)])
        #expect(restored.lastAdjustments == [.selectionCleared(selectedID: 9)])
        #expect(restored.viewState == CatalogViewState(query: "swift"))

        let stillInvalid = CatalogScreenModel(
            document: CatalogDocument(books: [swift]),
            viewState: CatalogViewState(selectedID: 2),
            adjustments: [.offsetClamped(from: 2, to: 1)])
        #expect(stillInvalid.lastAdjustments == [.offsetClamped(from: 2, to: 1), .selectionCleared(selectedID: 2)])

        restored.send(.queryChanged(""))
        #expect(restored.lastAdjustments.isEmpty)
    }
}
