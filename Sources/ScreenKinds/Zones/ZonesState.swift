import ScreenModels
import StateRestore

/// The zones screen's restorable state (article 002): the selected zone.
///
/// Format 1: `{"version": 1, "selectedZoneID": String | null}`; absent means `null`. Reconciled
/// against the current choices, because the article's model never holds a selection that is
/// not a choice: no selection takes the first choice; an unknown one is replaced by the first
/// choice (`selection-replaced`); with no choices the selection is cleared
/// (`selection-cleared` when there was one).
public struct ZonesState: RestorableState, Reconcilable {
    /// `"zones"`.
    public static let kind = "zones"
    /// Format 1.
    public static let currentVersion = 1
    /// No selection.
    public static let defaultValue = ZonesState()

    /// The selected zone's ID, if any.
    public var selectedZoneID: String?

    /// Creates a zones state.
    public init(selectedZoneID: String? = nil) {
        self.selectedZoneID = selectedZoneID
    }

    /// The selection made valid for `choices`.
    public func reconciled(against choices: [ZoneChoice]) -> Reconciled<ZonesState> {
        guard let first = choices.first else {
            guard let selectedZoneID else { return Reconciled(self) }
            return Reconciled(
                ZonesState(),
                adjustments: [
                    RestoreReportEntry(.selectionCleared, "there are no zones to choose from; the selection of zone \"\(selectedZoneID)\" was cleared")
                ])
        }
        guard let selectedZoneID else { return Reconciled(ZonesState(selectedZoneID: first.id)) }
        if choices.contains(where: { $0.id == selectedZoneID }) { return Reconciled(self) }
        return Reconciled(
            ZonesState(selectedZoneID: first.id),
            adjustments: [
                RestoreReportEntry(.selectionReplaced, "selected zone \"\(selectedZoneID)\" is no longer a choice; the first zone \"\(first.id)\" was selected")
            ])
    }
}
