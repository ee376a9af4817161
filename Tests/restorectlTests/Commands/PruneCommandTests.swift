import Foundation
import JSON
import StateRestore
import StateStore
import TestSupport
import Testing

@testable import restorectl

/// `restorectl prune --unused-for AGE [--dry-run] [--json]` deletes the scenes neither saved
/// nor restored for that long, every kind of them; a dry run lists and keeps them.
@Suite struct PruneCommandTests {
    let file: StateFile

    init() throws { file = try StateFile() }

    /// "old" saved 120 days ago (two kinds), "recent" 3 days ago.
    private func seed() throws {
        let store = try Store(path: file.path, migrator: StateMigrations.makeMigrator())
        defer { store.close() }
        for (scene, days) in [("old", 120.0), ("recent", 3.0)] {
            let time = Store.now() - days * 86_400
            try store.saveRecord(#"{"version":3,"query":"q"}"#, version: 3, account: "default", scene: scene, kind: "catalog", at: time)
            try store.saveRecord(#"{"version":1,"notes":[]}"#, version: 1, account: "default", scene: scene, kind: "notes", at: time)
        }
    }

    private func scenes() throws -> [String] {
        let store = try Store(readingExistingFileAt: file.path)
        defer { store.close() }
        var scenes: Set<String> = []
        try store.forEachRecord { scenes.insert($0.scene) }
        return scenes.sorted()
    }

    @Test func aDryRunListsTheUnusedScenesAndKeepsThem() throws {
        try seed()
        let run = CapturedRun(["prune", "--db", file.path, "--unused-for", "90d", "--dry-run", "--json"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        let json = try JSONValue.parse(Data(run.stdout.utf8))
        #expect(json["dryRun"] == true && json["scenes"] == [["account": "default", "scene": "old"]])
        #expect(try scenes() == ["old", "recent"])
    }

    /// A dry run reads only, whatever the file's schema: an older file is neither migrated nor
    /// backed up, its journal mode stays, and nothing is made beside it (an open for writing
    /// migrated a schema-2 file, rewrote its records and left backups, for a list). It lists
    /// what a prune of the same file removes.
    @Test(arguments: ["v1", "v2", "v3", "v4", "v5"])
    func aDryRunOfAnyShippedSchemaWritesNothingAndListsWhatAPruneRemoves(schema: String) throws {
        try PersonalDatabase.load(PackageFolders.path("schema/\(schema).sql"), into: file.path)
        let before = try ReadingVerbsTests.listing(file.folder.url)
        let dryRun = CapturedRun(["prune", "--db", file.path, "--unused-for", "1d", "--dry-run", "--json"])
        #expect(dryRun.exitCode == 0, "\(dryRun.stderr)")
        #expect(try ReadingVerbsTests.listing(file.folder.url) == before, "the dry run changed the folder")
        let pruned = CapturedRun(["prune", "--db", file.path, "--unused-for", "1d", "--json"])
        #expect(pruned.exitCode == 0, "\(pruned.stderr)")
        let listed = try JSONValue.parse(Data(dryRun.stdout.utf8))["scenes"]
        let removed = try JSONValue.parse(Data(pruned.stdout.utf8))["scenes"]
        #expect(listed != nil && listed == removed)
    }

    /// An empty file (schema 0) holds no scene: a dry run lists none and writes nothing, as
    /// `inspect` reads it, where it exited 65 with SQLite's "no such table: scene_state".
    @Test func aDryRunOfAnEmptyFileListsNoSceneAndWritesNothing() throws {
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data()))
        let before = try ReadingVerbsTests.listing(file.folder.url)
        let run = CapturedRun(["prune", "--db", file.path, "--unused-for", "1d", "--dry-run", "--json"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(try JSONValue.parse(Data(run.stdout.utf8))["scenes"] == [])
        #expect(try ReadingVerbsTests.listing(file.folder.url) == before)
    }

    @Test func pruneDeletesEveryKindOfTheUnusedScenes() throws {
        try seed()
        let run = CapturedRun(["prune", "--db", file.path, "--unused-for", "90d"])
        #expect(run.exitCode == 0)
        #expect(run.stdout == "removed scene \"old\" of account \"default\"\nRemoved 1 scene(s) unused for 90d.\n")
        #expect(try scenes() == ["recent"])
        #expect(CapturedRun(["prune", "--db", file.path, "--unused-for", "2d"]).stdout.hasSuffix("Removed 1 scene(s) unused for 2d.\n"))
        #expect(try scenes().isEmpty)
    }

    @Test(arguments: ["90", "d", "0d", "-3d", "90y", "1.5d"])
    func aMalformedAgeIsAUsageErrorAndNothingIsDeleted(age: String) throws {
        try seed()
        let run = CapturedRun(["prune", "--db", file.path, "--unused-for", age])
        #expect(run.exitCode == 64)
        #expect(run.stderr.contains("--unused-for"))
        #expect(try scenes() == ["old", "recent"])
    }

    @Test func missingDatabaseExits66AndIsNotCreated() {
        let run = CapturedRun(["prune", "--db", file.path, "--unused-for", "90d"])
        #expect(run.exitCode == 66)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }
}
