import ScreenModels
import StateRestore

extension CatalogAdjustment {
    /// The report entry explaining this adjustment.
    var reportEntry: RestoreReportEntry {
        switch self {
        case .selectionCleared(let id):
            RestoreReportEntry(.selectionCleared, "selected book \(id) no longer exists; the selection was cleared")
        case .anchorMoved(let from, let to, .filteredOut):
            RestoreReportEntry(.anchorMoved, "anchor book \(from) is hidden by the current filter; the viewport moved to the nearest visible book \(to) at offset 0")
        case .anchorMoved(let from, let to, .deleted):
            RestoreReportEntry(.anchorMoved, "anchor book \(from) was deleted; the viewport moved to its surviving neighbour \(to) at offset 0")
        case .anchorReset(let from, let to?):
            RestoreReportEntry(.anchorReset, "neither anchor book \(from) nor its saved neighbours are visible; the viewport reset to the first visible book \(to)")
        case .anchorReset(let from, nil):
            RestoreReportEntry(.anchorReset, "no rows are visible; the viewport anchored at book \(from) was dropped")
        case .offsetClamped(let from, let to):
            RestoreReportEntry(.offsetClamped, "stored viewport offset \(from) is outside 0...1; clamped to \(to)")
        }
    }
}
