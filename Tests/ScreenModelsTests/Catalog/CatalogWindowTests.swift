import Testing

@testable import ScreenModels

/// A window is exactly the slice of the full frame around the anchor, however it was found.
@Suite struct CatalogWindowTests {
    let document = CatalogDocument(books: (1...200).map { CatalogBook(id: $0, title: $0.isMultiple(of: 3) ? "Swift \($0)" : "Other \($0)") })

    /// The slice of the full frame a window of `before`/`after` around `centreID` must equal.
    func expectedSlice(_ state: CatalogViewState, centreID: Int?, before: Int, after: Int) -> CatalogWindow {
        let rows = document.frame(for: state).rows
        guard let centreID, let centre = rows.firstIndex(where: { $0.id == centreID }) else {
            return CatalogWindow(rows: [], anchorRow: nil, hasMoreBefore: false, hasMoreAfter: false)
        }
        let start = max(0, centre - before)
        let end = min(rows.count, centre + after)
        return CatalogWindow(rows: Array(rows[start..<end]), anchorRow: centre - start, hasMoreBefore: start > 0, hasMoreAfter: end < rows.count)
    }

    @Test(
        "the window around a visible anchor is the frame's slice around it",
        arguments: [
            (CatalogViewState(query: "swift", viewport: CatalogViewport(anchorID: 99, offset: 0.5)), 99),
            (CatalogViewState(query: "", viewport: CatalogViewport(anchorID: 3, offset: 0)), 3),
            (CatalogViewState(query: "other", selectedID: 100), 100),
            (CatalogViewState(query: "swift", selectedID: 100), 3),
            (CatalogViewState(query: "swift 19", viewport: CatalogViewport(anchorID: 195, offset: 0)), 195),
            (CatalogViewState(query: "", viewport: CatalogViewport(anchorID: 200, offset: 0)), 200),
        ] as [(CatalogViewState, Int)])
    func windowMatchesTheFrameSlice(state: CatalogViewState, centreID: Int) {
        #expect(document.window(for: state, before: 5, after: 10) == expectedSlice(state, centreID: centreID, before: 5, after: 10))
    }

    @Test func nothingVisibleGivesAnEmptyWindow() {
        let window = document.window(for: CatalogViewState(query: "no such title"))
        #expect(window == CatalogWindow(rows: [], anchorRow: nil, hasMoreBefore: false, hasMoreAfter: false))
    }

    @Test func onlySelectedShowsTheSelectionAlone() {
        let state = CatalogViewState(query: "", selectedID: 42, showsOnlySelected: true)
        #expect(document.window(for: state).rows.map(\.id) == [42])
    }
}
