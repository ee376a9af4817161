import Foundation
import ScreenKinds
import ScreenModels
import StateRestore
import StateRestoreTesting

/// `save-after-sign-out`: an extension's launch that restored a scene before another process
/// signed its account out, then saves (persisted and by hand) after it.
///
/// Prints `restored <query>` after the restore, then waits for `go` on stdin (the parent has
/// signed the account out), changes and flushes the persisted state, saves by hand, and prints
/// `flushed <scene:reason of each unwritten save, or ->` and `hand <saved|dropped>`.
struct SaveAfterSignOut {
    let path: String
    let account: String
    let scene: String

    func run() throws {
        let key = try SceneKey(scene: scene, account: account)
        let restorer = StateRestorer(path: path)
        let document = CatalogDocument(books: [CatalogBook(id: 1, title: "Kept")])
        let restored = restorer.restore(CatalogViewState.self, key, against: document)
        LinePrinter.shared.line("restored \(restored.state.query)")
        try MainActor.assumeIsolated {
            var state = restored.state
            let tracking = restorer.persist(from: restored, turns: ManualTurnScheduler()) { state }
            guard readLine() == "go" else { return }
            state.query = "written back after the sign-out"
            tracking.saveCurrentState()
            try restorer.flush()
            let reasons = restorer.unwrittenSaves.map { "\($0.key.scene):\($0.reason)" }
            LinePrinter.shared.line("flushed \(reasons.isEmpty ? "-" : reasons.joined(separator: ","))")
            let hand = (try? restorer.save(CatalogViewState(query: "by hand after the sign-out"), for: key)) == nil ? "dropped" : "saved"
            LinePrinter.shared.line("hand \(hand)")
            withExtendedLifetime(tracking) {}
        }
        try restorer.close()
    }
}
