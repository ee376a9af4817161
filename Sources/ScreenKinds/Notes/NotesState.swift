import ScreenModels
import StateRestore

/// The notes screen's restorable state (article 003): the filter text and the selected note.
///
/// Format 1: `{"version": 1, "query": String, "selectedNoteID": Int | null}`; absent fields
/// default to `""` and `null`. Reconciled against the notes the screen has now: a selected
/// note that no longer exists is cleared (`selection-cleared`); the query is kept.
public struct NotesState: RestorableState, Reconcilable {
    /// `"notes"`.
    public static let kind = "notes"
    /// Format 1.
    public static let currentVersion = 1
    /// No filter, no selection.
    public static let defaultValue = NotesState()

    /// The filter text.
    public var query: String
    /// The selected note, if any.
    public var selectedNoteID: Int?

    /// Creates a notes state.
    public init(query: String = "", selectedNoteID: Int? = nil) {
        self.query = query
        self.selectedNoteID = selectedNoteID
    }

    /// Clears a selection whose note is not in `notes`.
    public func reconciled(against notes: [Note]) -> Reconciled<NotesState> {
        guard let selectedNoteID, !notes.contains(where: { $0.id == selectedNoteID }) else { return Reconciled(self) }
        var state = self
        state.selectedNoteID = nil
        return Reconciled(
            state,
            adjustments: [
                RestoreReportEntry(.selectionCleared, "selected note \(selectedNoteID) no longer exists; the selection was cleared")
            ])
    }
}
