import ScreenModels

/// What restoring one window's catalog state produced: the state in the current format, the
/// frame it projects over the current document, and the report of every adjustment.
///
/// The worst case is the default state with a report saying why; a restoration always exists.
public struct CatalogRestoration: Equatable, Sendable {
    /// The window this is for.
    public let key: SceneKey
    /// The document the state was reconciled against.
    public let document: CatalogDocument
    /// The restored, reconciled view state.
    public let viewState: CatalogViewState
    /// The rows and selection the state projects over `document`.
    public let frame: CatalogFrame
    /// Every adjustment made, in order; empty when the record applied exactly.
    public let report: [RestoreReportEntry]
    /// Fields of the stored record this build does not know, to write back when saving.
    public let carriedFields: JSONObject

    /// Whether the report holds `code`.
    public func reports(_ code: RestoreCode) -> Bool { report.contains { $0.code == code } }

    /// A screen model built from the restored facts: restoring is construction, not replayed
    /// actions.
    public func makeScreenModel() -> CatalogScreenModel {
        CatalogScreenModel(document: document, viewState: viewState)
    }

    /// The default state for `key` over `document`, explained by `report`.
    static func defaults(for key: SceneKey, over document: CatalogDocument, report: [RestoreReportEntry]) -> CatalogRestoration {
        let state = CatalogViewState()
        return CatalogRestoration(
            key: key, document: document, viewState: state, frame: document.frame(for: state),
            report: report, carriedFields: JSONObject()
        )
    }
}
