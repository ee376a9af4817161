import StateRestore

/// The kind the model-based test restores and saves: format 2 (format 1 had no `pinned`), read
/// by readers of format 1 and later, meaningful for three days, reconciled against the ids of
/// the items on screen (a selection whose item is gone is cleared).
///
/// The "builds" the test writes beside it: an older one (format 1), a newer one that older
/// readers may read (format 3, `minReaderVersion` 2, an `extra` field), a newer one that says
/// so but does not decode here, and one this build may not read (format 4, `minReaderVersion` 3).
struct ModelNote: Reconcilable {
    static let kind = "model-note"
    static let currentVersion = 2
    static let minReaderVersion = 1
    static let defaultValue = ModelNote(title: "", selected: nil, pinned: false)
    static let expiresAfter: Duration? = .seconds(expirySeconds)
    static let expirySeconds: Int64 = 3 * 86_400
    /// A budget no ordinary note comes near and every long one (a title of more than
    /// ``longTitle`` characters) is over: a save over it is refused, never written.
    static let maxRecordBytes: Int? = 250
    static let longTitle = 300
    /// Each scene keeps its last three records (issue #30): the model predicts the history.
    static let historyDepth = 3
    static let selectionCleared = RestoreCode("model-selection-cleared")

    var title: String
    var selected: Int?
    var pinned: Bool

    func reconciled(against items: [Int]) -> Reconciled<ModelNote> {
        guard let selected, !items.contains(selected) else { return Reconciled(self) }
        var state = self
        state.selected = nil
        return Reconciled(state, adjustments: [RestoreReportEntry(Self.selectionCleared, "item \(selected) is gone; the selection was cleared")])
    }
}
