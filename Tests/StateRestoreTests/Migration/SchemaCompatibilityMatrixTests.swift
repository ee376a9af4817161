import Foundation
import ScreenKinds
import ScreenModels
import StateStore
import TestSupport
import Testing

@testable import StateRestore

/// Files of every schema opened by the engine of every build (``SchemaBuild``, through the
/// package's seam `DatabaseConfiguration.migrations`): each cell states what a launch does with
/// the file: restores and saves it as it is, migrates it, only reads it, or refuses it.
@MainActor
@Suite struct SchemaCompatibilityMatrixTests {
    /// What a launch of a build did with a file.
    enum Outcome: String, CustomStringConvertible {
        /// Read at its own version; the saves of this stand-in cannot land (today's engine code
        /// writes the schema 4 tables, which a file of schema 3 lacks).
        case restored
        /// Read and written at its own version, not migrated.
        case saved
        /// Migrated to the build's latest version, then read and written.
        case migrated
        /// Read without writing (`database-newer-read`); the save refused, the file unchanged.
        case readOnly = "read-only"
        /// Nothing read (defaults) or written; the file unchanged.
        case refused

        var description: String { rawValue }
    }

    /// The matrix: a file's schema (rows) as each build (columns) finds it.
    static let expected: [SchemaBuild: [SchemaBuild: Outcome]] = [
        .schema3: [.schema3: .restored, .schema4: .migrated, .schema5: .migrated, .additive6: .migrated, .rewriting6: .migrated],
        .schema4: [.schema3: .refused, .schema4: .saved, .schema5: .migrated, .additive6: .migrated, .rewriting6: .migrated],
        .schema5: [.schema3: .refused, .schema4: .saved, .schema5: .saved, .additive6: .migrated, .rewriting6: .migrated],
        .additive6: [.schema3: .refused, .schema4: .saved, .schema5: .saved, .additive6: .saved, .rewriting6: .refused],
        .rewriting6: [.schema3: .refused, .schema4: .readOnly, .schema5: .readOnly, .additive6: .refused, .rewriting6: .saved],
    ]

    let stateFile: StateFile
    let key: SceneKey
    let document = CatalogDocument(books: (1...24).map { CatalogBook(id: $0, title: "Book \($0)") })

    init() throws {
        stateFile = try StateFile()
        key = try SceneKey(scene: "main")
    }

    /// The file's schema version, read as `build` reads it (this build when nil).
    private func userVersion(as build: SchemaBuild? = nil) throws -> Int {
        let reader = try Store(readingExistingFileAt: stateFile.path, migrations: build?.migrations())
        defer { reader.close() }
        return reader.schemaVersion
    }

    private func storedQuery() throws -> String? {
        let reader = try Store(readingExistingFileAt: stateFile.path, kindBeforeKinds: StateMigrations.kindBeforeKinds)
        defer { reader.close() }
        let record = try reader.record(account: key.account, scene: key.scene, kind: "catalog")
        return record.flatMap { String(decoding: $0.payload, as: UTF8.self).contains(#""query":"saved""#) ? "saved" : "stored" }
    }

    @Test(arguments: SchemaBuild.allCases, SchemaBuild.allCases)
    func aFileOfEachSchemaAsEachBuildFindsIt(file: SchemaBuild, build: SchemaBuild) throws {
        try file.makeFile(at: stateFile.path)
        let before = try userVersion()
        let bytes = stateFile.folder.contents("state.sqlite")

        let restorer = StateRestorer(path: stateFile.path, configuration: try build.configuration())
        let restored = restorer.restore(CatalogViewState.self, key, against: document)
        // The dumps' record of this scene selects book 8; the default state selects nothing.
        let read = restored.state.selectedID == 8
        let isReadOnly = restored.report.contains { $0.code == .databaseNewerRead }
        var saved = true
        do {
            try restorer.save(CatalogViewState(query: "saved", selectedID: 2), for: key)
        } catch {
            saved = false
        }
        var closing: (any Error)?
        do { try restorer.close() } catch { closing = error }
        let after = try userVersion()

        let outcome: Outcome =
            !read ? .refused : isReadOnly ? .readOnly : after > before ? .migrated : saved ? .saved : .restored
        #expect(outcome == Self.expected[file]?[build], "file \(file), build \(build): \(restored.report)")
        switch outcome {
        case .refused, .readOnly:
            #expect(stateFile.folder.contents("state.sqlite") == bytes, "a file the build may not write is left byte for byte")
            #expect(!saved)
            // The read-only launch's writer could not write the scenes' use either, and says so.
            if outcome == .readOnly, let closing {
                guard case .databaseNewerReadOnly(_, 6, build.latestVersion, 6) = closing as? StoreError else {
                    Issue.record("closing failed with \(closing)")
                    break
                }
            }
        case .saved, .migrated:
            #expect(try storedQuery() == "saved")
        case .restored:
            #expect(try storedQuery() == "stored")
        }
        if outcome != .readOnly { #expect(closing == nil) }
        if outcome != .migrated { #expect(after == before) }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: stateFile.folder.url.path)
        #expect(!leftovers.contains { $0.contains(".corrupt-") }, "a newer file is never moved aside")
        if outcome != .migrated { #expect(!leftovers.contains { $0.contains(".backup-v") }, "nor backed up") }
    }

    /// The contract for the newer tables of an additive schema 6 after an older build's writes:
    /// one `record_write` row per record, counting its writes, and nothing of a discarded scene
    /// or a signed-out account.
    @Test func anOlderBuildsSavesDiscardsAndSignOutsLeaveTheNewerTablesAsTheContractSays() throws {
        try SchemaBuild.additive6.makeFile(at: stateFile.path)
        let restorer = StateRestorer(path: stateFile.path, configuration: try SchemaBuild.schema4.configuration())
        defer { try? restorer.close() }
        func table() throws -> [String] {
            let reader = try Store(readingExistingFileAt: stateFile.path, kindBeforeKinds: StateMigrations.kindBeforeKinds)
            defer { reader.close() }
            let writes = try reader.database.fetchAll("SELECT account, scene, kind, writes FROM record_write ORDER BY 1, 2, 3") {
                "\($0.string(0) ?? "")/\($0.string(1) ?? "")/\($0.string(2) ?? ""):\($0.int(3))"
            }
            let records = try reader.recordSummaries().map { "\($0.account)/\($0.scene)/\($0.kind)" }.sorted()
            #expect(writes.map { String($0.prefix { $0 != ":" }) } == records, "one row per record, no more")
            #expect(reader.schemaVersion == 6)
            return writes.filter { !$0.hasSuffix(":0") }  // the rows the older build's writes counted
        }
        #expect(try table() == [])

        let window = try SceneKey(scene: "window-9", account: "alice")
        try restorer.save(NotesState(query: "a"), for: window)
        #expect(try table() == ["alice/window-9/notes:1"])
        try restorer.save(NotesState(query: "b"), for: window)
        try restorer.save(CatalogViewState(query: "c"), for: window)
        #expect(try table() == ["alice/window-9/catalog:1", "alice/window-9/notes:2"])

        #expect(try restorer.discard([window]) == 2)
        #expect(try table() == [])

        try restorer.save(NotesState(query: "d"), for: try SceneKey(scene: "window-3", account: "bob"))
        #expect(try table() == ["bob/window-3/notes:1"])
        _ = try restorer.signOut(account: "bob")
        #expect(try table() == [])
        let reader = try Store(readingExistingFileAt: stateFile.path, kindBeforeKinds: StateMigrations.kindBeforeKinds)
        defer { reader.close() }
        #expect(try reader.database.fetchOne("SELECT count(*) FROM record_write WHERE account = 'bob'") { $0.int(0) } == 0)
        #expect(try reader.database.fetchOne("PRAGMA foreign_key_check") { $0.string(0) } == nil)
    }

    /// An older launch holds the file while the app applies a migration older builds may not
    /// read (a table renamed): what then looks damaged to the older build is the newer schema,
    /// so the file is refused as newer, never moved aside.
    @Test func anOlderLaunchNeverMovesAsideAFileTheAppRewroteWhileItWasOpen() throws {
        try SchemaBuild.schema4.makeFile(at: stateFile.path)
        let restorer = StateRestorer(path: stateFile.path, configuration: try SchemaBuild.schema4.configuration())
        defer { try? restorer.close() }
        #expect(restorer.restore(CatalogViewState.self, key, against: document).state.selectedID == 8)

        let rename = try MigrationFile(
            name: "0005_rename_records.sql", sql: "-- readable-by: 5\n-- writable-by: 5\nALTER TABLE scene_state RENAME TO scene_record;\n")
        let app = try Database(path: stateFile.path)
        try Migrator(migrations: SchemaBuild.schema4.migrations() + [rename]).migrate(app)
        app.close()

        let restored = restorer.restore(CatalogViewState.self, try SceneKey(scene: "inspector"), against: document)
        let newer = try #require(restored.report.first { $0.code == .databaseNewer }, "\(restored.report)")
        #expect(newer.detail.contains("a newer release migrated it while this one had it open"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: stateFile.folder.url.path).allSatisfy { !$0.contains(".corrupt-") })
        // (Read as the older build: this build's own migration 5 is another one.)
        #expect(try userVersion(as: .schema4) == 5)
    }
}
