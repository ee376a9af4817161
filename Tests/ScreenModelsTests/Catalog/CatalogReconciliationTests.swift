import Testing

@testable import ScreenModels

/// Books 1...10 titled so that even IDs contain "even" and odd IDs contain "odd".
private let tenBooks = CatalogDocument(
    books: (1...10).map {
        CatalogBook(id: $0, title: $0.isMultiple(of: 2) ? "Even \($0)" : "Odd \($0)")
    })

private func removing(_ ids: Set<Int>, from document: CatalogDocument) -> CatalogDocument {
    CatalogDocument(books: document.books.filter { !ids.contains($0.id) })
}

@Suite struct CatalogReconciliationTests {
    @Test func validStateIsUnchangedWithoutAdjustments() {
        let state = CatalogViewState(
            query: "odd", selectedID: 2,
            viewport: CatalogViewport(anchorID: 5, offset: 0.25, before: [3, 1], after: [7, 9]))
        #expect(state.reconciled(with: tenBooks) == CatalogReconciliation(viewState: state, adjustments: []))
    }

    @Test func deletedSelectionIsClearedOnRestore() {
        let state = CatalogViewState(query: "x", selectedID: 4)
        #expect(
            state.reconciled(with: removing([4], from: tenBooks))
                == CatalogReconciliation(
                    viewState: CatalogViewState(query: "x"), adjustments: [.selectionCleared(selectedID: 4)]))
    }

    @Test func hiddenOrMovedSelectionSurvivesRestore() {
        let reordered = CatalogDocument(books: tenBooks.books.reversed())
        let state = CatalogViewState(query: "odd", selectedID: 4)
        #expect(state.reconciled(with: reordered) == CatalogReconciliation(viewState: state, adjustments: []))
    }

    @Test func stateWithoutViewportStaysWithoutOne() {
        let reconciliation = CatalogViewState(query: "nothing matches").reconciled(with: tenBooks)
        #expect(reconciliation == CatalogReconciliation(viewState: CatalogViewState(query: "nothing matches"), adjustments: []))
    }

    @Test func visibleAnchorKeepsItsOffsetAndNeighbours() {
        let viewport = CatalogViewport(anchorID: 6, offset: 0.5, before: [5, 4, 3], after: [7, 8, 9])
        let reconciliation = CatalogViewState(viewport: viewport).reconciled(with: removing([5, 7], from: tenBooks))
        #expect(reconciliation == CatalogReconciliation(viewState: CatalogViewState(viewport: viewport), adjustments: []))
    }

    @Test func filteredOutAnchorMovesToNearestFollowingVisibleRow() {
        let state = CatalogViewState(query: "even", viewport: CatalogViewport(anchorID: 5, offset: 0.7, before: [4], after: [6]))
        #expect(
            state.reconciled(with: tenBooks)
                == CatalogReconciliation(
                    viewState: CatalogViewState(
                        query: "even",
                        viewport: CatalogViewport(anchorID: 6, offset: 0, before: [4, 2], after: [8, 10])),
                    adjustments: [.anchorMoved(from: 5, to: 6, reason: .filteredOut)]))
    }

    @Test func filteredOutAnchorAfterLastVisibleRowMovesToNearestPreceding() {
        let state = CatalogViewState(query: "odd", viewport: CatalogViewport(anchorID: 10, offset: 0.3))
        #expect(
            state.reconciled(with: tenBooks)
                == CatalogReconciliation(
                    viewState: CatalogViewState(
                        query: "odd",
                        viewport: CatalogViewport(anchorID: 9, offset: 0, before: [7, 5, 3], after: [])),
                    adjustments: [.anchorMoved(from: 10, to: 9, reason: .filteredOut)]))
    }

    @Test func anchorHiddenByOnlySelectedMovesToTheSelectedRow() {
        let state = CatalogViewState(selectedID: 2, showsOnlySelected: true, viewport: CatalogViewport(anchorID: 8, offset: 0.1))
        #expect(
            state.reconciled(with: tenBooks)
                == CatalogReconciliation(
                    viewState: CatalogViewState(selectedID: 2, showsOnlySelected: true, viewport: CatalogViewport(anchorID: 2, offset: 0)),
                    adjustments: [.anchorMoved(from: 8, to: 2, reason: .filteredOut)]))
    }

    /// Deleted anchor 5 recorded neighbours before [4, 3, 2] and after [6, 7, 8]; the
    /// replacement is taken alternately after[0], before[0], after[1], before[1], …
    @Test(arguments: [
        (Set<Int>([5]), 6),
        (Set<Int>([5, 6]), 4),
        (Set<Int>([5, 6, 4]), 7),
        (Set<Int>([5, 6, 4, 7]), 3),
        (Set<Int>([5, 6, 4, 7, 3, 8]), 2),
    ])
    func deletedAnchorMovesToFirstSurvivingNeighbourAlternatingSides(deleted: Set<Int>, expected: Int) {
        let state = CatalogViewState(viewport: CatalogViewport(anchorID: 5, offset: 0.4, before: [4, 3, 2], after: [6, 7, 8]))
        let reconciliation = state.reconciled(with: removing(deleted, from: tenBooks))
        #expect(reconciliation.viewState.viewport?.anchorID == expected)
        #expect(reconciliation.viewState.viewport?.offset == 0)
        #expect(reconciliation.adjustments == [.anchorMoved(from: 5, to: expected, reason: .deleted)])
    }

    @Test func deletedAnchorSkipsNeighboursHiddenByTheQuery() {
        let state = CatalogViewState(query: "odd", viewport: CatalogViewport(anchorID: 5, offset: 0.4, before: [4, 3], after: [6, 7]))
        #expect(
            state.reconciled(with: removing([5], from: tenBooks))
                == CatalogReconciliation(
                    viewState: CatalogViewState(query: "odd", viewport: CatalogViewport(anchorID: 7, offset: 0, before: [3, 1], after: [9])),
                    adjustments: [.anchorMoved(from: 5, to: 7, reason: .deleted)]))
    }

    @Test func deletedAnchorWithoutSurvivingNeighboursResetsToFirstVisibleRow() {
        let state = CatalogViewState(query: "even", viewport: CatalogViewport(anchorID: 5, offset: 0.4, before: [4], after: [6]))
        #expect(
            state.reconciled(with: removing([4, 5, 6], from: tenBooks))
                == CatalogReconciliation(
                    viewState: CatalogViewState(query: "even", viewport: CatalogViewport(anchorID: 2, offset: 0, before: [], after: [8, 10])),
                    adjustments: [.anchorReset(from: 5, to: 2)]))
    }

    @Test func anchorIsRemovedWhenNoRowIsVisible() {
        let filtered = CatalogViewState(query: "zzz", viewport: CatalogViewport(anchorID: 5, offset: 0.4))
        #expect(
            filtered.reconciled(with: tenBooks)
                == CatalogReconciliation(
                    viewState: CatalogViewState(query: "zzz"), adjustments: [.anchorReset(from: 5, to: nil)]))
        let emptied = CatalogViewState(viewport: CatalogViewport(anchorID: 5, offset: 0.4, after: [6]))
        #expect(
            emptied.reconciled(with: CatalogDocument(books: []))
                == CatalogReconciliation(
                    viewState: CatalogViewState(), adjustments: [.anchorReset(from: 5, to: nil)]))
    }

    @Test(arguments: [
        (Double.nan, 0.0), (Double.infinity, 1.0), (-Double.infinity, 0.0), (-0.5, 0.0), (1.5, 1.0),
    ])
    func invalidOffsetIsClampedAndReported(stored: Double, clamped: Double) {
        let state = CatalogViewState(viewport: CatalogViewport(anchorID: 3, offset: stored))
        #expect(
            state.reconciled(with: tenBooks)
                == CatalogReconciliation(
                    viewState: CatalogViewState(viewport: CatalogViewport(anchorID: 3, offset: clamped)),
                    adjustments: [.offsetClamped(from: stored, to: clamped)]))
    }

    @Test func adjustmentsAreReportedInApplicationOrder() {
        let state = CatalogViewState(selectedID: 5, viewport: CatalogViewport(anchorID: 5, offset: .nan, after: [6]))
        #expect(
            state.reconciled(with: removing([5], from: tenBooks)).adjustments == [
                .selectionCleared(selectedID: 5),
                .offsetClamped(from: .nan, to: 0),
                .anchorMoved(from: 5, to: 6, reason: .deleted),
            ])
    }

    @Test func filteredOutAnchorFindsADistantRowInALargeDocument() {
        let books = (0..<20_000).map { CatalogBook(id: $0, title: $0 == 19_999 ? "Needle" : "Hay \($0)") }
        let state = CatalogViewState(query: "needle", viewport: CatalogViewport(anchorID: 10, offset: 0.5))
        let reconciliation = state.reconciled(with: CatalogDocument(books: books))
        #expect(reconciliation.viewState.viewport == CatalogViewport(anchorID: 19_999, offset: 0))
        #expect(reconciliation.adjustments == [.anchorMoved(from: 10, to: 19_999, reason: .filteredOut)])
    }
}
