import JSON
import ScreenModels
import StateRestore

/// What restoring one window's catalog state produced.
public typealias CatalogRestoration = Restoration<CatalogViewState>

extension Restoration where State == CatalogViewState {
    /// The document the state was reconciled against.
    public var document: CatalogDocument { context ?? CatalogDocument(books: []) }

    /// The rows and selection the state projects over ``document``.
    public var frame: CatalogFrame { document.frame(for: state) }

    /// The visible rows around the restored anchor (or selection): what a screen shows first,
    /// projected without walking the whole document. ``frame`` has every visible row.
    public func window(before: Int = 20, after: Int = 40) -> CatalogWindow {
        document.window(for: state, before: before, after: after)
    }

    /// A screen model built from the restored facts: restoring is construction, not replayed
    /// actions. It starts with the restore's adjustments as its `lastAdjustments`, so the view
    /// can say "your selection was cleared".
    public func makeScreenModel() -> CatalogScreenModel {
        CatalogScreenModel(document: document, viewState: state, adjustments: decodedState.reconciled(with: document).adjustments)
    }

    /// This restoration as the tool prints it, with its frame.
    package var toolSummary: RestorationSummary {
        let frame = self.frame
        let rows: [JSONValue] = frame.rows.map { .object(["id": .integer(Int64($0.id)), "title": .string($0.title)]) }
        let projection: JSONValue = .object([
            "rows": .array(rows),
            "selectedID": frame.selectedID.map { .integer(Int64($0)) } ?? .null,
            "query": .string(frame.query),
        ])
        return RestorationSummary(key: key, state: state, report: report, frame: projection)
    }
}
