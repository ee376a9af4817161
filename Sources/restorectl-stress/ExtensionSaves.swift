import ScreenKinds
import ScreenModels
import StateRestore
import StateStore

/// `extension-saves`: an app extension sharing the app's file, saving the way iOS makes it:
/// each save between a `resume()` and a `suspend()`, so it holds no lock between saves. Scene
/// `s<i>` gets a catalog whose query is `q<i>`.
///
/// Output: `ready` once the restorer exists, then for each save `acked <i>` after its commit
/// returned or `refused <i>` when it was not written (the file busy, moved, not there), then
/// `done`. Every acked save must be found afterwards, wherever the file was moved.
struct ExtensionSaves {
    let path: String
    let count: Int

    func run() throws {
        let printer = LinePrinter.shared
        let restorer = StateRestorer(path: path, configuration: DatabaseConfiguration(role: .appExtension))
        printer.line("ready")
        for i in 0..<count {
            if i > 0 { _ = try? restorer.resume() }
            let saved = (try? restorer.save(CatalogViewState(query: "q\(i)"), for: try SceneKey(scene: "s\(i)"))) != nil
            printer.line(saved ? "acked \(i)" : "refused \(i)")
            try? restorer.suspend()
        }
        try? restorer.close()
        printer.line("done")
    }
}
