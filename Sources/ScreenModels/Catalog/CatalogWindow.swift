/// The rows a screen can show around its anchor, projected without walking the whole document.
///
/// A window starts at the viewport's anchor when it is visible (else at the selection when it
/// is visible, else at the first visible row) and walks outwards until it has `before` visible
/// rows above and `after` below, so its cost follows the window's size and the filter's
/// selectivity, not the document's length. ``CatalogDocument/frame(for:)`` still gives every
/// visible row when a screen needs the full list.
///
/// ```swift
/// let window = document.window(for: restored.viewState, before: 20, after: 40)
/// tableView.show(window.rows, scrolledTo: window.anchorRow)
/// ```
public struct CatalogWindow: Equatable, Sendable {
    /// The visible rows of the window, in document order.
    public let rows: [CatalogBook]
    /// The position in ``rows`` of the row the window was centred on; nil when nothing is visible.
    public let anchorRow: Int?
    /// Whether visible rows exist above the window.
    public let hasMoreBefore: Bool
    /// Whether visible rows exist below the window.
    public let hasMoreAfter: Bool

    /// Creates a window.
    public init(rows: [CatalogBook], anchorRow: Int?, hasMoreBefore: Bool, hasMoreAfter: Bool) {
        self.rows = rows
        self.anchorRow = anchorRow
        self.hasMoreBefore = hasMoreBefore
        self.hasMoreAfter = hasMoreAfter
    }
}

extension CatalogDocument {
    /// The visible rows around the state's anchor: up to `before` rows above it and `after`
    /// rows from it on (the anchor included).
    public func window(for viewState: CatalogViewState, before: Int = 20, after: Int = 40) -> CatalogWindow {
        let matcher = CatalogQueryMatcher(query: viewState.query)
        let visible = { (index: Int) in self.isVisible(at: index, for: viewState, matcher: matcher) }
        let centre = centreIndex(anchorID: viewState.viewport?.anchorID, selectedID: viewState.selectedID, visible) ?? books.indices.first(where: visible)
        guard let centre else { return CatalogWindow(rows: [], anchorRow: nil, hasMoreBefore: false, hasMoreAfter: false) }

        // One row past each edge of the window tells whether more rows exist beyond it.
        let above = Self.collect(before + 1, from: centre - 1, step: -1, in: books.indices, visible)
        let below = Self.collect(max(after, 1) + 1, from: centre, step: 1, in: books.indices, visible)
        let shownAbove = above.prefix(before)
        let shownBelow = below.prefix(max(after, 1))
        return CatalogWindow(
            rows: (shownAbove.reversed() + shownBelow).map { books[$0] },
            anchorRow: shownAbove.count,
            hasMoreBefore: above.count > before,
            hasMoreAfter: below.count > max(after, 1)
        )
    }

    /// The position of the anchor when it is visible, else of the selection when it is.
    private func centreIndex(anchorID: Int?, selectedID: Int?, _ visible: (Int) -> Bool) -> Int? {
        if let id = anchorID, let position = positions[id], visible(position) { return position }
        if let id = selectedID, let position = positions[id], visible(position) { return position }
        return nil
    }

    /// Up to `limit` visible indices walking from `start` by `step` within `bounds`.
    private static func collect(
        _ limit: Int, from start: Int, step: Int, in bounds: Range<Int>, _ visible: (Int) -> Bool
    ) -> [Int] {
        var found: [Int] = []
        found.reserveCapacity(limit)
        var index = start
        while bounds.contains(index), found.count < limit {
            if visible(index) { found.append(index) }
            index += step
        }
        return found
    }
}
