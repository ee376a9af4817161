import ScreenKinds
import ScreenModels
import StateRestore

/// Human-readable renderings of restore results.
enum Summary {
    static func text(for restoration: RestorationSummary) -> String {
        let title = "\(restoration.key)"
        // `String(…)` around the rest: `+` of a `Substring` is the generic append, whose
        // associated-type lookup cost a cold restore 0.25 M instructions.
        var lines = [title.prefix(1).uppercased() + String(title.dropFirst()) + (restoration.kind == CatalogViewState.kind ? "" : " (\(restoration.kind))")]
        if case .object(let fields) = restoration.state {
            // The envelope (`version`, `minReaderVersion`) is the record's, not the state's.
            let shown = fields.filter { $0.key != "version" && $0.key != "minReaderVersion" }.map { "\($0.key): \($0.value.encoded())" }
            lines.append("  " + shown.joined(by: "   "))
        }
        if let frame = restoration.frame, case .array(let rows)? = frame["rows"] {
            let anchorID = restoration.state["viewport"]?["anchorID"]
            lines.append("  rows (\(rows.count)):")
            for row in rows.prefix(20) {
                let id = row["id"] ?? .null
                let title = if case .string(let title)? = row["title"] { title } else { "" }
                let marks = (id == frame["selectedID"] ? ">" : " ") + (id == anchorID ? "^" : " ")
                lines.append("   \(marks) \(id.encoded())\t\(title)")
            }
            if rows.count > 20 { lines.append("      … \(rows.count - 20) more") }
        }
        if restoration.report.isEmpty {
            lines.append("  report: restored exactly as saved")
        } else {
            lines.append("  report:")
            for entry in restoration.report { lines.append("    \(entry.code.rawValue): \(entry.detail)") }
        }
        return lines.joined(by: "\n")
    }
}
