/// Performs conditional renames: the write succeeds only if the book is still at the draft's base revision.
@MainActor
public protocol ShelfSaving: AnyObject {
    /// Saves `draft.proposedTitle` if the book is still at `draft.baseRevision`, calling `completion` once.
    func save(_ draft: ShelfDraft, completion: @escaping @MainActor (ShelfSaveOutcome) -> Void)
}
