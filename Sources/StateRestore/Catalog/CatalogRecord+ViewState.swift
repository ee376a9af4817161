import JSON
import ScreenModels

extension CatalogRecord {
    /// The record's interaction facts as a screen's view state.
    public var viewState: CatalogViewState {
        CatalogViewState(
            query: query,
            selectedID: selectedID,
            showsOnlySelected: showsOnlySelected,
            viewport: viewport
        )
    }

    /// A record of `state` in the current format, carrying `unknownFields` from an earlier record.
    public init(_ state: CatalogViewState, carrying unknownFields: JSONObject = JSONObject()) {
        self.init(
            query: state.query,
            selectedID: state.selectedID,
            showsOnlySelected: state.showsOnlySelected,
            viewport: state.viewport,
            unknownFields: unknownFields
        )
    }
}
