import ScreenKinds
import StateRestore
import TestSupport
import Testing

/// The tools (`check`, `inspect`) classify an app's own kind once they are told about it (the
/// tool from the app's format folder), and note it as unknown until then.
@Suite struct AppKindCheckTests {
    /// An app's kind, as the embedding example's reader.
    struct ReaderState: RestorableState {
        static let kind = "reader"
        static let currentVersion = 2
        static let defaultValue = ReaderState(bookID: nil, page: 1)

        var bookID: Int?
        var page: Int
    }

    @Test func theToolsClassifyTheAppsKindOnceTheyAreToldAboutIt() throws {
        let file = try StateFile()
        let restorer = StateRestorer(path: file.path)
        try restorer.save(ReaderState(bookID: 7, page: 1), for: try SceneKey(scene: "reader-window"))
        try restorer.close()
        #expect(try DatabaseCheck.run(file.path, kinds: RecordKind.builtIn).notes.count == 1)  // unknown to the library's tools
        let withReader = try DatabaseCheck.run(file.path, kinds: RecordKind.builtIn + [RecordKind(ReaderState.self)])
        #expect(withReader.isHealthy && withReader.notes.isEmpty && withReader.recordsChecked == 1)
    }
}
