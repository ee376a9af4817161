import Foundation
import JSON
import ScreenKinds
import ScreenModels
import StateRestore

/// `launch`: an app's launch in a process of its own, as `restorectl restore` was before it
/// read only: opens the database the way the app does (creating, migrating, moving a damaged
/// file aside, quarantining), restores `scene`'s catalog against the document, completes the
/// restore and closes. Prints the outcome as `restorectl restore --json` does:
/// `{"report": [{"code", "detail"}], "state": {…}}`.
struct Launch {
    let path: String
    let scene: String
    let documentPath: String

    func run() throws {
        let document = try CatalogDocumentFile.decode(try Data(contentsOf: URL(fileURLWithPath: documentPath)))
        let restorer = StateRestorer(path: path)
        let restored = restorer.restore(CatalogViewState.self, try SceneKey(scene: scene), against: document)
        restorer.completeRestore(restored)
        try restorer.close()
        let report = restored.report.map { entry in JSONValue.object(["code": .string(entry.code.rawValue), "detail": .string(entry.detail)]) }
        let output: JSONObject = ["report": .array(report), "state": restored.summary.state]
        LinePrinter.shared.line(JSONValue.object(output).encoded())
    }
}
