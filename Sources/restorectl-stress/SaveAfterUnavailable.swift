import Foundation
import ScreenKinds
import ScreenModels
import StateRestore
import StateRestoreTesting

/// `save-after-unavailable`: a launch on a file it cannot read, whose screen is changed and
/// persisted anyway; the file becomes readable again before the flush.
///
/// Prints `restored <codes>` after the restore, `held <pending>` once the change is handed to
/// the writer (its write failed: still pending), then waits for `go` on stdin and prints
/// `flushed <skipped scenes or -> <scene:reason of each unwritten save, or ->` after the flush.
struct SaveAfterUnavailable {
    let path: String
    let scene: String

    func run() throws {
        let key = try SceneKey(scene: scene)
        let restorer = StateRestorer(path: path)
        let restored = restorer.restore(CatalogViewState.self, key, against: CatalogDocument(books: [CatalogBook(id: 9, title: "Held")]))
        LinePrinter.shared.line("restored \(restored.report.map(\.code.rawValue).joined(separator: ","))")
        let skipped = try MainActor.assumeIsolated { () throws -> [SceneKey] in
            var state = restored.state
            let turns = ManualTurnScheduler()
            let tracking = restorer.persist(from: restored, turns: turns) { state }
            state = CatalogViewState(query: "typed while unavailable", selectedID: 9)
            tracking.saveCurrentState()
            let firstTry = (try? restorer.flush()) == nil ? "failed" : "written"
            LinePrinter.shared.line("held \(firstTry)")
            guard readLine() == "go" else { return [] }
            return try restorer.flush()
        }
        let reasons = restorer.unwrittenSaves.map { "\($0.key.scene):\($0.reason)" }
        LinePrinter.shared.line("flushed \(skipped.isEmpty ? "-" : skipped.map(\.scene).joined(separator: ",")) \(reasons.isEmpty ? "-" : reasons.joined(separator: ","))")
        try restorer.close()
    }
}
