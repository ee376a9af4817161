extension CatalogDocument {
    /// Projects the rows one window shows: books whose title contains the query
    /// (case-insensitively), in document order, narrowed to the selection when
    /// `showsOnlySelected` is on.
    ///
    /// Linear in the number of books; the query is lowercased once and titles were
    /// lowercased when the document was built. The view state is used as given; reconcile
    /// it first (``CatalogViewState/reconciled(with:)``) if it may reference deleted books.
    public func frame(for viewState: CatalogViewState) -> CatalogFrame {
        CatalogFrame(
            rows: visibleIndices(for: viewState).map { books[$0] },
            selectedID: viewState.selectedID,
            query: viewState.query,
            viewport: viewState.viewport
        )
    }

    /// Positions in `books` of the rows the view state shows, in document order.
    func visibleIndices(for viewState: CatalogViewState) -> [Int] {
        let matcher = CatalogQueryMatcher(query: viewState.query)
        if viewState.showsOnlySelected {
            guard let selected = viewState.selectedID, let index = positions[selected],
                matcher.matches(foldedTitles[index])
            else { return [] }
            return [index]
        }
        guard !matcher.matchesEverything else { return Array(books.indices) }
        return books.indices.filter { matcher.matches(foldedTitles[$0]) }
    }

    /// Whether the book at `index` is shown under `viewState`; constant time apart from the title match.
    func isVisible(at index: Int, for viewState: CatalogViewState, matcher: CatalogQueryMatcher) -> Bool {
        if viewState.showsOnlySelected, books[index].id != viewState.selectedID { return false }
        return matcher.matches(foldedTitles[index])
    }
}
