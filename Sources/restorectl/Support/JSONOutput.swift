import Foundation
import ScreenModels
import StateRestore

/// The JSON shapes the tool prints; they are a contract, so they live in one place.
enum JSONOutput {
    static func int(_ value: Int) -> JSONValue { .integer(Int64(value)) }
    static func optionalInt(_ value: Int?) -> JSONValue { value.map(int) ?? .null }

    static func state(_ state: CatalogViewState) -> JSONValue {
        .object([
            "version": int(CatalogRecord.currentVersion),
            "query": .string(state.query),
            "selectedID": optionalInt(state.selectedID),
            "showsOnlySelected": .bool(state.showsOnlySelected),
            "viewport": state.viewport.map { viewport in
                .object([
                    "anchorID": int(viewport.anchorID),
                    "offset": .double(viewport.offset),
                    "before": .array(viewport.before.map(int)),
                    "after": .array(viewport.after.map(int)),
                ])
            } ?? .null,
        ])
    }

    static func frame(_ frame: CatalogFrame) -> JSONValue {
        .object([
            "rows": .array(frame.rows.map { .object(["id": int($0.id), "title": .string($0.title)]) }),
            "selectedID": optionalInt(frame.selectedID),
            "query": .string(frame.query),
        ])
    }

    static func report(_ entries: [RestoreReportEntry]) -> JSONValue {
        .array(entries.map { .object(["code": .string($0.code.rawValue), "detail": .string($0.detail)]) })
    }

    static func restoration(_ restoration: CatalogRestoration) -> JSONValue {
        .object([
            "scene": .string(restoration.key.scene),
            "account": .string(restoration.key.account),
            "state": state(restoration.viewState),
            "frame": frame(restoration.frame),
            "report": report(restoration.report),
        ])
    }

    static func print(_ value: JSONValue, to console: Console) {
        console.print(value.encoded(pretty: true))
    }
}
