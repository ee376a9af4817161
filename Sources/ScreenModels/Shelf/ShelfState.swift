/// Everything the shelf view renders.
///
/// Content and refreshing coexist deliberately: a refresh keeps the old rows. A failed
/// refresh keeps them too and sets `errorMessage`; only a successful empty result empties them.
public struct ShelfState: Equatable, Sendable {
    /// The rows in display order.
    public var rows: [ShelfRow]
    /// Whether a refresh is in flight.
    public var isRefreshing: Bool
    /// A warning about the last refresh or save, or `nil`.
    public var errorMessage: String?
    /// Whether the rows came from a restored snapshot and no refresh has succeeded since.
    public var isStale: Bool
    /// Renames the service refused because the book changed underneath them.
    public var conflicts: [ShelfConflict]
    /// Drafts dropped because their book is known to be gone (an unfiltered refresh no longer
    /// lists it, or a save was answered "not found"); `errorMessage` says so in words.
    /// Cleared, like `errorMessage`, when the next refresh starts.
    public var discardedDrafts: [ShelfDraft]

    /// Creates a state; the defaults are the initial, not yet loaded state.
    public init(
        rows: [ShelfRow] = [],
        isRefreshing: Bool = false,
        errorMessage: String? = nil,
        isStale: Bool = false,
        conflicts: [ShelfConflict] = [],
        discardedDrafts: [ShelfDraft] = []
    ) {
        self.rows = rows
        self.isRefreshing = isRefreshing
        self.errorMessage = errorMessage
        self.isStale = isStale
        self.conflicts = conflicts
        self.discardedDrafts = discardedDrafts
    }

    /// Whether to show the empty-shelf message: no rows, nothing pending, no warning.
    public var showsEmpty: Bool { rows.isEmpty && !isRefreshing && errorMessage == nil }
}
