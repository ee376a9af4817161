/// The answer to a conditional save of a ``ShelfDraft``.
public enum ShelfSaveOutcome: Equatable, Sendable {
    /// The write was accepted; the book is the new authoritative record.
    case saved(ShelfBook)
    /// The base revision was stale; the book is the current authoritative record.
    case conflict(current: ShelfBook)
    /// The write did not happen.
    case failed(ShelfFailure)
    /// The book no longer exists, so the rename can never be applied; the draft is dropped.
    case notFound
}
