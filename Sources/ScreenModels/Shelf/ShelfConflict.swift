/// A rename the service refused because the book changed since the draft's base revision.
///
/// The draft stays so the person can resolve it; `current` is what the service now holds.
public struct ShelfConflict: Equatable, Sendable {
    /// The draft as it was sent.
    public let draft: ShelfDraft
    /// The authoritative book at the time of the conflict.
    public let current: ShelfBook

    /// Creates a conflict record.
    public init(draft: ShelfDraft, current: ShelfBook) {
        self.draft = draft
        self.current = current
    }
}
