import Foundation
import JSON
import ScreenKinds
import ScreenModels
import StateRestore

/// The JSON shapes the tool prints; they are a contract, so they live in one place.
enum JSONOutput {
    static func int(_ value: Int) -> JSONValue { .integer(Int64(value)) }
    static func optionalInt(_ value: Int?) -> JSONValue { value.map(int) ?? .null }

    static func report(_ entries: [RestoreReportEntry]) -> JSONValue {
        .array(entries.map { .object(["code": .string($0.code.rawValue), "detail": .string($0.detail)]) })
    }

    /// `{"scene", "account", "kind", "state", "frame" (kinds that have one), "report"}`.
    static func restoration(_ restoration: RestorationSummary) -> JSONValue {
        var object: JSONObject = [
            "scene": .string(restoration.key.scene),
            "account": .string(restoration.key.account),
            "kind": .string(restoration.kind),
            "state": restoration.state,
        ]
        if let frame = restoration.frame { object["frame"] = frame }
        object["report"] = report(restoration.report)
        return .object(object)
    }

    static func print(_ value: JSONValue, to console: Console) {
        console.print(value.encoded(pretty: true))
    }
}
