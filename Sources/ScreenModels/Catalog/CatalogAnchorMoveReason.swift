/// Why reconciliation moved a viewport anchor to another row.
public enum CatalogAnchorMoveReason: Equatable, Sendable {
    /// The anchor book still exists but the query or "only selected" hides it.
    case filteredOut
    /// The anchor book is no longer in the document.
    case deleted
}
