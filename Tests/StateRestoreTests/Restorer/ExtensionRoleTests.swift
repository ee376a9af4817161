import Foundation
import ScreenKinds
import ScreenModels
import StateRestore
import StateRestoreTesting
import StateStore
import TestSupport
import Testing

/// An extension's restorer (`DatabaseConfiguration(role: .appExtension)`) reads and writes
/// records like the app's, and never creates, migrates, backs up or moves the file aside: a
/// missing file stays missing, an older one stays at its schema with its saves pending, a
/// damaged one stays byte for byte where it is.
@MainActor
@Suite struct ExtensionRoleTests {
    let file: StateFile
    let windows = ManualWriteScheduler()
    let turns = ManualTurnScheduler()
    let document = CatalogDocument(books: [CatalogBook(id: 1, title: "Algorithms")])
    let extensionConfiguration = DatabaseConfiguration(role: .appExtension)

    init() throws { file = try StateFile() }

    /// The names in the folder, sorted.
    private func folderContents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: file.folder.url.path).sorted()
    }

    /// An extension's restorer whose widget restore gave the default with `code` alone, and the
    /// tracking of a save of `query` typed in the widget (handed over, not yet written).
    private func widgetTyping(_ query: String, after code: RestoreCode) throws -> (StateRestorer, PersistenceTracking, SceneKey) {
        let restorer = StateRestorer(path: file.path, configuration: extensionConfiguration, scheduler: windows)
        let key = try SceneKey(scene: "widget")
        let restored = restorer.restore(CatalogViewState.self, key, against: document)
        #expect(restored.report.map(\.code) == [code], "\(restored.report)")
        #expect(restored.state == CatalogViewState())
        var state = restored.state
        let tracking = restorer.persist(from: restored, turns: turns) { state }
        state.query = query
        tracking.saveCurrentState()
        return (restorer, tracking, key)
    }

    @Test func anExtensionOnAMissingFileCreatesNothingAndKeepsItsSavesPending() throws {
        let (restorer, tracking, key) = try widgetTyping("typed in the widget", after: .databaseUnavailable)
        #expect(throws: (any Error).self) { try restorer.flush() }
        #expect(throws: RestoreError.self) { try restorer.save(NotesState(query: "by hand"), for: key) }
        #expect(try folderContents().isEmpty)

        // Once the app has created the file, the pending save is written there.
        let app = StateRestorer(path: file.path)
        try app.close()
        #expect(try restorer.flush().isEmpty)
        let reread = StateRestorer(path: file.path, configuration: extensionConfiguration, scheduler: windows)
        #expect(reread.restore(CatalogViewState.self, key, against: document).state.query == "typed in the widget")
        try reread.close()
        withExtendedLifetime(tracking) {}
        try restorer.close()
    }

    @Test func anExtensionOnAFileNeedingMigrationRestoresDefaultsMigratesNothingAndKeepsSavesPending() throws {
        _ = try StateDatabase.migrate(file.path, upTo: 3)
        let before = try folderContents()
        let (restorer, tracking, key) = try widgetTyping("typed before the app migrated", after: .databaseNeedsMigration)
        #expect(throws: StoreError.self) { try restorer.flush() }
        #expect(restorer.restore(CatalogViewState.self, key, against: document).reports(.databaseNeedsMigration))
        #expect(try StateDatabase.schemaStatus(file.path).schemaVersion == 3, "an extension never migrates")
        #expect(try folderContents() == before, "no backup, no moved-aside copy")

        // The app's next launch migrates; the extension's pending save is then written.
        try StateRestorer(path: file.path).close()
        #expect(try StateDatabase.schemaStatus(file.path).schemaVersion == StateDatabase.latestSchemaVersion)
        #expect(try restorer.flush().isEmpty)
        #expect(StateRestorer(path: file.path).restore(CatalogViewState.self, key, against: document).state.query == "typed before the app migrated")
        withExtendedLifetime(tracking) {}
        try restorer.close()
    }

    @Test func anExtensionOnACurrentFileReadsAndWritesRecordsLikeTheApp() throws {
        let key = try SceneKey(scene: "main", account: "alice")
        let app = StateRestorer(path: file.path)
        try app.save(CatalogViewState(query: "from the app", selectedID: 1), for: key)
        try app.close()

        let restorer = StateRestorer(path: file.path, configuration: extensionConfiguration, scheduler: windows)
        let restored = restorer.restore(CatalogViewState.self, key, against: document)
        #expect(restored.state == CatalogViewState(query: "from the app", selectedID: 1), "\(restored.report)")
        #expect(restored.report.map(\.code) == [])
        var state = restored.state
        let tracking = restorer.persist(from: restored, turns: turns) { state }
        state.query = "from the widget"
        tracking.saveCurrentState()
        #expect(try restorer.flush().isEmpty)
        try restorer.save(NotesState(query: "by hand"), for: key)
        withExtendedLifetime(tracking) {}
        try restorer.close()

        let relaunch = StateRestorer(path: file.path)
        defer { try? relaunch.close() }
        #expect(relaunch.restore(CatalogViewState.self, key, against: document).state.query == "from the widget")
        #expect(relaunch.restore(NotesState.self, key, against: [Note(id: 1, title: "WAL")]).state.query == "by hand")
    }

    @Test func anExtensionOnACorruptFileMovesNothingAsideAndChangesNothing() throws {
        let garbage = Data((0..<16_384).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 17) })
        #expect(FileManager.default.createFile(atPath: file.path, contents: garbage))
        let (restorer, tracking, _) = try widgetTyping("typed in the widget", after: .databaseUnavailable)
        #expect(throws: (any Error).self) { try restorer.flush() }
        #expect(try folderContents() == ["state.sqlite"])
        #expect(FileManager.default.contents(atPath: file.path) == garbage)
        withExtendedLifetime(tracking) {}
        try? restorer.close()
        #expect(try folderContents() == ["state.sqlite"])
    }

    @Test func anExtensionCannotMoveTheDatabase() throws {
        try StateRestorer(path: file.path).close()
        let restorer = StateRestorer(path: file.path, configuration: extensionConfiguration, scheduler: windows)
        defer { try? restorer.close() }
        #expect(throws: RestoreError.self) { try restorer.relocate(to: file.path("moved.sqlite")) }
        #expect(FileManager.default.fileExists(atPath: file.path))
        #expect(!FileManager.default.fileExists(atPath: file.path("moved.sqlite")))
    }
}
