import Foundation
import ScreenKinds
import ScreenModels
import StateRestore

/// `restore-then-crash`: an app launch that crashes while applying a restored scene.
///
/// Opens the database the way the app does; restores each `completing` scene and calls
/// `completeRestore` for it; then restores `scene` and kills itself with SIGKILL, never
/// completing that one: its restore-in-progress mark stays behind, as it would if the restored
/// state crashed the app. Every restore, in order, prints `restored <codes> <state>`: the
/// report codes joined by commas (`-` when the report is empty) and the restored view state as
/// a current-format record.
struct RestoreThenCrash {
    let path: String
    let scene: String
    let account: String
    let completing: [String]
    let documentPath: String

    func run() throws -> Never {
        let document = try CatalogDocumentFile.decode(try Data(contentsOf: URL(fileURLWithPath: documentPath)))
        let restorer = StateRestorer(path: path)
        for scene in completing {
            let key = try SceneKey(scene: scene, account: account)
            let restored = restorer.restore(CatalogViewState.self, key, against: document)
            print(restored)
            guard restorer.completeRestore(restored) else { throw StressFailure(description: "completeRestore failed for scene \(scene)") }
        }
        print(restorer.restore(CatalogViewState.self, try SceneKey(scene: scene, account: account), against: document))
        kill(getpid(), SIGKILL)
        fatalError("SIGKILL did not end the process")
    }

    /// Prints one `restored` line with a single unbuffered write, so a line printed before the
    /// signal is whole in the pipe.
    private func print(_ restored: CatalogRestoration) {
        let codes = restored.report.map(\.code.rawValue)
        let state = restored.summary.state.encoded()
        LinePrinter.shared.line("restored \(codes.isEmpty ? "-" : codes.joined(separator: ",")) \(state)")
    }
}
