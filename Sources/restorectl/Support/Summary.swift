import ScreenModels
import StateRestore

/// Human-readable renderings of restore results.
enum Summary {
    static func text(for restoration: CatalogRestoration) -> String {
        let state = restoration.viewState
        var lines = ["\(restoration.key)".prefix(1).uppercased() + "\(restoration.key)".dropFirst()]
        lines.append("  query: \(state.query.isEmpty ? "(none)" : "\"\(state.query)\"")   selected: \(state.selectedID.map(String.init) ?? "none")   only selected: \(state.showsOnlySelected ? "yes" : "no")")
        if let viewport = state.viewport {
            lines.append("  viewport: anchored at book \(viewport.anchorID), offset \(viewport.offset)")
        } else {
            lines.append("  viewport: top of the list")
        }
        let rows = restoration.frame.rows
        lines.append("  rows (\(rows.count)):")
        for row in rows.prefix(20) {
            let marks = (row.id == state.selectedID ? ">" : " ") + (row.id == state.viewport?.anchorID ? "^" : " ")
            lines.append("   \(marks) \(row.id)\t\(row.title)")
        }
        if rows.count > 20 { lines.append("      … \(rows.count - 20) more") }
        if restoration.report.isEmpty {
            lines.append("  report: restored exactly as saved")
        } else {
            lines.append("  report:")
            for entry in restoration.report { lines.append("    \(entry.code.rawValue): \(entry.detail)") }
        }
        return lines.joined(separator: "\n")
    }
}
