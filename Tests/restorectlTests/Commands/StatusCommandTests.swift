import Foundation
import JSON
import StateStore
import TestSupport
import Testing

@testable import restorectl

@Suite struct StatusCommandTests {
    let stateFile: StateFile

    init() throws { stateFile = try StateFile() }

    private func save(scene: String, account: String, kind: String, state: String) throws {
        let file = stateFile.path("\(scene)-\(account)-\(kind).json")
        try Data(state.utf8).write(to: URL(fileURLWithPath: file))
        let run = CapturedRun(["save", "--db", stateFile.path, "--scene", scene, "--account", account, "--kind", kind, "--state", file])
        #expect(run.exitCode == 0, "\(run.stderr)")
    }

    @Test func statusPrintsTheRecordsCountAndBytesByAccountAndKind() throws {
        // As the app's build writes them, so the bytes counted are the input's.
        let notes = #"{"version":1,"query":"dune","selectedNoteID":null}"#
        let catalog = #"{"version":3,"query":"","selectedID":null,"showsOnlySelected":false,"viewport":null}"#
        try save(scene: "one", account: "ada", kind: "notes", state: notes)
        try save(scene: "two", account: "ada", kind: "notes", state: notes)
        try save(scene: "one", account: "ada", kind: "catalog", state: catalog)
        try save(scene: "one", account: "bob", kind: "notes", state: notes)

        let text = CapturedRun(["status", "--db", stateFile.path])
        #expect(text.exitCode == 0)
        let sizes = text.stdout.split(separator: "\n").filter { $0.hasPrefix("  size") }
        #expect(
            sizes == [
                #"  size     account "ada"  catalog  1 record(s)  \#(catalog.utf8.count) bytes"#,
                #"  size     account "ada"  notes  2 record(s)  \#(2 * notes.utf8.count) bytes"#,
                #"  size     account "bob"  notes  1 record(s)  \#(notes.utf8.count) bytes"#,
            ], "\(text.stdout)")

        let json = CapturedRun(["status", "--db", stateFile.path, "--json"])
        #expect(json.exitCode == 0)
        let parsed = try JSONValue.parse(Data(json.stdout.utf8))
        #expect(
            parsed["sizes"] == [
                ["account": "ada", "kind": "catalog", "records": 1, "bytes": .integer(Int64(catalog.utf8.count))],
                ["account": "ada", "kind": "notes", "records": 2, "bytes": .integer(Int64(2 * notes.utf8.count))],
                ["account": "bob", "kind": "notes", "records": 1, "bytes": .integer(Int64(notes.utf8.count))],
            ])
    }

    @Test func statusOfAnEmptyDatabaseListsNoSizes() throws {
        #expect(CapturedRun(["migrate", "--db", stateFile.path]).exitCode == 0)
        let json = CapturedRun(["status", "--db", stateFile.path, "--json"])
        #expect(json.exitCode == 0)
        #expect(try JSONValue.parse(Data(json.stdout.utf8))["sizes"] == [])
    }

    /// A file of an additive schema 6 that this build (schema 5) may read and write, and one of
    /// a rewriting schema 6 it may only read: both numbers, in text and JSON, and the applied
    /// migration this build does not know shown as a newer release's, not as an edit.
    @Test(arguments: [(SchemaBuild.additive6, 4, "this build reads and writes it, never migrates it"), (.rewriting6, 6, "this build reads it without writing")])
    func statusShowsWhichReleasesMayReadAndWriteANewerFile(file: SchemaBuild, writableBy: Int, use: String) throws {
        try file.makeFile(at: stateFile.path)
        let text = CapturedRun(["status", "--db", stateFile.path])
        #expect(text.exitCode == 0)
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("  readable by schema 4 and later, writable by schema \(writableBy) and later"), "\(text.stdout)")
        #expect(lines.contains { $0.hasPrefix("  applied  \(SchemaBuild.migrationSixNames[file] ?? "")") && $0.hasSuffix("newer release") })
        #expect(lines.contains("  written by a newer release: \(use)"))

        let json = try JSONValue.parse(Data(CapturedRun(["status", "--db", stateFile.path, "--json"]).stdout.utf8))
        #expect(json["schemaVersion"] == 6 && json["latestVersion"] == 5)
        #expect(json["readableBy"] == 4 && json["writableBy"] == .integer(Int64(writableBy)))
    }

    @Test func statusOfAFileOfSchemaFourShowsItsOwnVersionForBoth() throws {
        try SchemaBuild.schema4.makeFile(at: stateFile.path)
        let json = try JSONValue.parse(Data(CapturedRun(["status", "--db", stateFile.path, "--json"]).stdout.utf8))
        #expect(json["readableBy"] == 4 && json["writableBy"] == 4)
    }
}
