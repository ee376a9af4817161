/// A disposable projection of a document and one window's view state, ready to render.
public struct CatalogFrame: Equatable, Sendable {
    /// The books to list, in document order.
    public let rows: [CatalogBook]
    /// The selected book, which may be absent from `rows` when the query hides it.
    public let selectedID: Int?
    /// The query that produced `rows`.
    public let query: String
    /// The scroll anchor to apply once layout allows, or `nil`.
    public let viewport: CatalogViewport?

    /// Creates a frame from already projected facts.
    public init(rows: [CatalogBook], selectedID: Int?, query: String, viewport: CatalogViewport? = nil) {
        self.rows = rows
        self.selectedID = selectedID
        self.query = query
        self.viewport = viewport
    }

    /// Captures a viewport anchored at a rendered row, recording its rendered neighbours.
    ///
    /// Returns `nil` when `anchorID` is not one of `rows`: only visible rows can anchor.
    /// The offset is stored as given; reconciliation clamps it into `0...1`.
    public func viewport(anchoredAt anchorID: Int, offset: Double) -> CatalogViewport? {
        guard let index = rows.firstIndex(where: { $0.id == anchorID }) else { return nil }
        return CatalogViewport.capturing(rows: rows, anchorIndex: index, offset: offset)
    }
}

extension CatalogViewport {
    /// A viewport around `rows[anchorIndex]` with up to ``neighbourLimit`` neighbours per side.
    static func capturing(rows: [CatalogBook], anchorIndex: Int, offset: Double) -> CatalogViewport {
        let beforeStart = max(rows.startIndex, anchorIndex - neighbourLimit)
        let afterEnd = min(rows.endIndex, anchorIndex + 1 + neighbourLimit)
        return CatalogViewport(
            anchorID: rows[anchorIndex].id,
            offset: offset,
            before: rows[beforeStart..<anchorIndex].reversed().map(\.id),
            after: rows[(anchorIndex + 1)..<afterEnd].map(\.id)
        )
    }
}
