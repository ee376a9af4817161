import JSON
import ScreenKinds
import StateRestore

/// A test kind with a nested object, an optional and an array, at format 3.
///
/// - v1: `{"title", "columns"}`; v2 renamed `columns` to `layout.columns`;
///   v3 added `layout.spacing` and `tags`.
struct LayoutState: RestorableState {
    static let kind = "layout"
    static let currentVersion = 3
    static let minReaderVersion = 2
    static let defaultValue = LayoutState(title: "Untitled", layout: Layout(columns: 2, spacing: 8.0), pinnedID: nil, tags: [])

    struct Layout: Codable, Equatable, Sendable {
        var columns: Int
        var spacing: Double
    }

    var title: String
    var layout: Layout
    var pinnedID: Int?
    var tags: [String]

    /// Every step taken, to prove each runs once, oldest first (tests run in parallel, so
    /// the record itself carries the trail).
    static func upgrade(_ record: inout JSONObject, from version: Int) throws {
        var trail: [JSONValue] = []
        if case .array(let steps)? = record["upgradeTrail"] { trail = steps }
        record["upgradeTrail"] = .array(trail + [.integer(Int64(version))])
        switch version {
        case 1:
            guard let columns = record["columns"] else { return }
            record["columns"] = nil
            record["layout"] = ["columns": columns]
        case 2:
            if record["layout"] == .string("refuse") { throw UpgradeRefused() }
        default:
            break
        }
    }

    struct UpgradeRefused: Error, CustomStringConvertible {
        var description: String { "the layout cannot be upgraded" }
    }
}
