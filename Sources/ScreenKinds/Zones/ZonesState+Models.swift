import ScreenModels
import StateRestore

extension ZonesState {
    /// The restorable part of a live zone model: its selection.
    @MainActor
    public init(_ model: ZoneModel) {
        self.init(selectedZoneID: model.selectedZoneID)
    }
}

extension Restoration where State == ZonesState {
    /// A zone model over the choices the state was reconciled against, selecting the restored
    /// zone; nil when there are no choices (the article's model needs at least one).
    @MainActor
    public func makeZoneModel() -> ZoneModel? {
        try? ZoneModel(choices: context ?? [], restoringSelection: state.selectedZoneID)
    }
}
