import Foundation
import ScreenKinds
import ScreenModels
import StateRestore
import StateStore
import TestSupport
import Testing

/// A restorer that only reads (`DatabaseConfiguration.Access.readOnly`: an extension's, a
/// tool's) opens a file no one is writing as immutable, so nothing appears beside it. SQLite
/// then reads without locks and keeps what it read, so the restorer showed the state of its
/// open for as long as it lived, whatever other processes saved since, and could read a page a
/// checkpoint was rewriting. Once the file has been written (a commit in its log, a checkpoint
/// into it), it is opened again: its restores show the latest save, as a launch's connection's
/// do.
@Suite struct ReadingRestorerSeesLaterSavesTests {
    static let document = CatalogDocument(books: (1...3).map { CatalogBook(id: $0, title: "Book \($0)") })

    let file: StateFile
    let key: SceneKey

    init() throws {
        file = try StateFile()
        key = try SceneKey(scene: "main")
    }

    @Test func aRestorerThatOnlyReadsRestoresWhatOthersSavedSinceItOpened() throws {
        // Saved and closed: no log is left, and the reader opens the file as immutable.
        let first = StateRestorer(path: file.path)
        try first.save(CatalogViewState(selectedID: 1), for: key)
        try first.close()
        #expect(!FileManager.default.fileExists(atPath: file.path + "-wal"))
        let reader = StateRestorer(path: file.path, configuration: DatabaseConfiguration(access: .readOnly))
        defer { try? reader.close() }
        #expect(selection(restoredBy: reader) == 1)
        #expect(!FileManager.default.fileExists(atPath: file.path + "-wal"), "a reader of an unused file creates nothing")

        // Another process saves and exits: its close checkpoints the save into the file.
        let statePath = try file.write(#"{"version": 3, "query": "", "selectedID": 2, "showsOnlySelected": false}"#, to: "state.json")
        let child = try ChildProcess(restorectl: ["save", "--db", file.path, "--scene", key.scene, "--kind", "catalog", "--state", statePath])
        let lines = child.remainingLines()
        let exit = child.waitForExit()
        try #require(exit.isSuccess, "restorectl save: \(lines) \(child.errorOutput())")
        #expect(selection(restoredBy: reader) == 2)

        // A writer that stays open: its save is only in its log, which the reader reads too.
        let writer = StateRestorer(path: file.path)
        defer { try? writer.close() }
        try writer.save(CatalogViewState(selectedID: 3), for: key)
        #expect(selection(restoredBy: reader) == 3)
        try writer.save(CatalogViewState(selectedID: 1), for: key)
        #expect(selection(restoredBy: reader) == 1)
    }

    private func selection(restoredBy restorer: StateRestorer) -> Int? {
        let restored = restorer.restore(CatalogViewState.self, key, against: Self.document)
        return restored.state.selectedID
    }
}
