extension CatalogViewState {
    /// Returns this view state adjusted to fit `document`, reporting each adjustment.
    ///
    /// Pure and linear in the number of books. The rules, applied in order:
    /// - A selection that no longer exists is cleared; one that exists survives even when
    ///   hidden by the query or moved.
    /// - A viewport offset outside `0...1` or not finite is clamped (NaN becomes 0).
    /// - The viewport anchor (1) stays with its offset when visible; (2) when it exists but is
    ///   filtered out, moves to the nearest visible row after it in document order, else the
    ///   nearest before it; (3) when deleted, moves to the first visible neighbour taken
    ///   alternately `after[0]`, `before[0]`, `after[1]`, …; (4) otherwise resets to the first
    ///   visible row; (5) is removed when no row is visible. Moves and resets use offset 0.
    /// - A state without a viewport stays without one.
    public func reconciled(with document: CatalogDocument) -> CatalogReconciliation {
        var state = self
        var adjustments: [CatalogAdjustment] = []

        if let selected = state.selectedID, !document.contains(bookID: selected) {
            state.selectedID = nil
            adjustments.append(.selectionCleared(selectedID: selected))
        }

        guard var viewport = state.viewport else {
            return CatalogReconciliation(viewState: state, adjustments: adjustments)
        }
        let clamped = Self.clampedOffset(viewport.offset)
        if !(clamped == viewport.offset) {
            adjustments.append(.offsetClamped(from: viewport.offset, to: clamped))
            viewport.offset = clamped
        }

        let anchor = viewport.anchorID
        // Only a moved or reset anchor needs the projected rows; a visible anchor is checked in constant time.
        lazy var visible = document.visibleIndices(for: state)
        let matcher = CatalogQueryMatcher(query: state.query)
        let isVisible = { (index: Int) in document.isVisible(at: index, for: state, matcher: matcher) }

        if let anchorIndex = document.positions[anchor] {
            if isVisible(anchorIndex) {
                state.viewport = viewport
            } else if let target = Self.nearestVisible(to: anchorIndex, in: visible) {
                state.viewport = Self.viewport(at: target, in: visible, document: document)
                adjustments.append(.anchorMoved(from: anchor, to: document.books[visible[target]].id, reason: .filteredOut))
            } else {
                state.viewport = nil
                adjustments.append(.anchorReset(from: anchor, to: nil))
            }
        } else if let neighbourID = Self.firstVisibleNeighbour(of: viewport, in: document, isVisible: isVisible),
            let target = visible.firstIndex(of: document.positions[neighbourID] ?? -1)
        {
            state.viewport = Self.viewport(at: target, in: visible, document: document)
            adjustments.append(.anchorMoved(from: anchor, to: neighbourID, reason: .deleted))
        } else if !visible.isEmpty {
            state.viewport = Self.viewport(at: 0, in: visible, document: document)
            adjustments.append(.anchorReset(from: anchor, to: document.books[visible[0]].id))
        } else {
            state.viewport = nil
            adjustments.append(.anchorReset(from: anchor, to: nil))
        }
        return CatalogReconciliation(viewState: state, adjustments: adjustments)
    }

    /// `offset` clamped into `0...1`; NaN becomes 0.
    static func clampedOffset(_ offset: Double) -> Double {
        offset.isNaN ? 0 : min(max(offset, 0), 1)
    }

    /// Index into `visible` of the first row after `anchorIndex` in document order, else the last before it.
    private static func nearestVisible(to anchorIndex: Int, in visible: [Int]) -> Int? {
        // `visible` is sorted by document position, so the first greater entry is the nearest following row.
        var low = 0
        var high = visible.count
        while low < high {
            let middle = (low + high) / 2
            if visible[middle] > anchorIndex { high = middle } else { low = middle + 1 }
        }
        if low < visible.count { return low }
        return visible.isEmpty ? nil : visible.count - 1
    }

    /// The first recorded neighbour that still exists and is visible, alternating after and before.
    private static func firstVisibleNeighbour(
        of viewport: CatalogViewport,
        in document: CatalogDocument,
        isVisible: (Int) -> Bool
    ) -> Int? {
        for rank in 0..<max(viewport.after.count, viewport.before.count) {
            for side in [viewport.after, viewport.before] where rank < side.count {
                if let index = document.positions[side[rank]], isVisible(index) { return side[rank] }
            }
        }
        return nil
    }

    /// A fresh viewport at offset 0 anchored at `visible[target]`, with neighbours from the current rows.
    private static func viewport(at target: Int, in visible: [Int], document: CatalogDocument) -> CatalogViewport {
        let limit = CatalogViewport.neighbourLimit
        let before = visible[max(0, target - limit)..<target].reversed().map { document.books[$0].id }
        let after = visible[(target + 1)..<min(visible.count, target + 1 + limit)].map { document.books[$0].id }
        return CatalogViewport(anchorID: document.books[visible[target]].id, offset: 0, before: before, after: after)
    }
}
