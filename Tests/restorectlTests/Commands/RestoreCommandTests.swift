import Foundation
import JSON
import ScreenKinds
import StateRestore
import TestSupport
import Testing

@testable import restorectl

@Suite struct RestoreCommandTests {
    let stateFile: StateFile
    let original = PackageFolders.path("documents/original.json")

    init() throws { stateFile = try StateFile() }

    @Test func helpTextIsExact() {
        let run = CapturedRun(["restore", "--help"])
        #expect(run.exitCode == 0)
        #expect(run.stderr.isEmpty)
        #expect(
            run.stdout == """
                USAGE: restorectl restore --db PATH --scene ID [--account A] [--kind K] (--document FILE | --formats DIR) [--portable FILE] [--json]

                Restore a window's state of one kind, reconciled against the current data.

                A built-in kind needs --document; an app's kind needs --formats. The document is the data the state is reconciled against: for catalog {"books": [{"id": Int, "title": String}, ...]}, \
                for notes {"notes": [{"id": Int, "title": String}, ...]}, for zones {"choices": [{"id": String, "title": String}, ...]}. \
                An app's kind (--formats) takes no document: its record is read against the recorded shapes and defaults are laid \
                over it. It shows what a launch would restore and reads only: it never creates, migrates, moves, copies or rewrites a \
                file. A missing database exits 66; any other database outcome exits 0 with the default state and a report saying why, \
                and what a launch would do (move a damaged file aside, quarantine a record), which this command leaves undone. \
                With --portable FILE (restorectl portable's output, from another device) it shows what landing that record here \
                would restore instead, under the same rules; a file that is not a portable record of the kind exits 65.

                OPTIONS:
                  --db PATH        The state database file.
                  --scene ID       The window (scene) identifier.
                  --account A      The account (default: "default").
                  --kind K         The record kind: catalog, notes, zones, or an app's kind in --formats (default: catalog).
                  --formats DIR    An app's format folders, one per kind (shape-v<N>.json, as StateRestoreTesting records them).
                  --document FILE  The current data to reconcile against (JSON); required for the built-in kinds.
                  --portable FILE  Show what landing this portable record (restorectl portable's output) would restore.
                  --json           Print the result as JSON.
                  -h, --help       Show help information.

                """)
    }

    @Test func jsonHasTheContractFields() throws {
        #expect(CapturedRun(["save", "--db", stateFile.path, "--scene", "main", "--state", PackageFolders.path("records/v3-viewport.json")]).exitCode == 0)
        let run = CapturedRun(["restore", "--db", stateFile.path, "--scene", "main", "--document", original, "--json"])
        #expect(run.exitCode == 0)
        #expect(run.stderr.isEmpty)
        let json = try JSONValue.parse(Data(run.stdout.utf8))
        #expect(json["scene"] == "main")
        let state = try #require(json["state"])
        #expect(state["version"] == 3)
        #expect(state["query"] == "")
        #expect(state["selectedID"] == 8)
        #expect(state["showsOnlySelected"] == false)
        #expect(state["viewport"]?["anchorID"] == 10)
        #expect(state["viewport"]?["offset"] == 0.25)
        let frame = try #require(json["frame"])
        #expect(frame["selectedID"] == 8)
        #expect(frame["query"] == "")
        #expect(frame["rows"]?.firstElement == ["id": 1, "title": "The Swift Programming Language"])
        #expect(json["report"] == [])
    }

    @Test func textOutputSummarisesTheRestore() {
        #expect(CapturedRun(["migrate", "--db", stateFile.path]).exitCode == 0)
        let run = CapturedRun(["restore", "--db", stateFile.path, "--scene", "main", "--document", PackageFolders.path("documents/article.json")])
        #expect(run.exitCode == 0)
        #expect(run.stdout.contains("rows (2):"))
        #expect(run.stdout.contains("no-record: scene \"main\" has no saved state"))
    }

    @Test(arguments: [
        ("duplicate-ids.json", Int32(65), "duplicate"),
        ("malformed.json", Int32(65), "invalid document"),
        ("absent.json", Int32(66), "no such file"),
    ])
    func documentProblemsFailBeforeTheDatabaseIsTouched(document: String, exitCode: Int32, fragment: String) {
        let run = CapturedRun(["restore", "--db", stateFile.path, "--scene", "main", "--document", PackageFolders.path("documents/\(document)"), "--json"])
        #expect(run.exitCode == exitCode)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains(fragment))
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: stateFile.path))
    }

    @Test(arguments: [
        ("notes", #"{}"#, #"field "notes": the field is missing"#),
        ("notes", #"{"notes":null}"#, #"field "notes": expected an array, got null"#),
        ("notes", #"{"notes":[5]}"#, #"field "notes[0]": expected an object, got integer 5"#),
        ("notes", #"{"notes":[{"title":"a"}]}"#, #"field "notes[0].id": the field is missing"#),
        ("notes", #"{"notes":[{"id":"x","title":"a"}]}"#, #"field "notes[0].id": expected an integer, got string "x""#),
        ("notes", #"{"notes":[{"id":1.0,"title":"a"}]}"#, #"field "notes[0].id": expected an integer, got number 1.0"#),
        ("notes", #"{"notes":[{"id":99999999999999999999,"title":"a"}]}"#, #"field "notes[0].id": expected an integer, got number 1e+20"#),
        ("notes", #"{"notes":[{"id":1,"title":"a"},{"id":2,"title":null}]}"#, #"field "notes[1].title": expected a string, got null"#),
        ("zones", #"{"notes":[]}"#, #"field "choices": the field is missing"#),
        ("zones", #"{"choices":{}}"#, #"field "choices": expected an array, got object {}"#),
        ("zones", #"{"choices":[null]}"#, #"field "choices[0]": expected an object, got null"#),
        ("zones", #"{"choices":[{"id":1,"title":"a"}]}"#, #"field "choices[0].id": expected a string, got integer 1"#),
        ("zones", #"{"choices":[{"id":"p"}]}"#, #"field "choices[0].title": the field is missing"#),
        ("notes", #"[1]"#, #"document must be a JSON object with a "books" array, got array"#),
    ])
    func aNotesOrZonesDocumentOfTheWrongShapeNamesTheField(kind: String, document: String, detail: String) throws {
        let path = stateFile.path("document.json")
        try Data(document.utf8).write(to: URL(fileURLWithPath: path))
        let run = CapturedRun(["restore", "--db", stateFile.path, "--scene", "main", "--kind", kind, "--document", path])
        #expect(run.exitCode == 65)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "restorectl: invalid document \(path): \(detail)\n")
    }

    @Test func aNotesDocumentIgnoresMembersItDoesNotRead() throws {
        let path = stateFile.path("document.json")
        try Data(#"{"notes":[{"id":3,"title":"SQLite","pinned":true}],"updated":"today"}"#.utf8).write(to: URL(fileURLWithPath: path))
        #expect(CapturedRun(["migrate", "--db", stateFile.path]).exitCode == 0)
        let run = CapturedRun(["restore", "--db", stateFile.path, "--scene", "main", "--kind", "notes", "--document", path])
        #expect(run.exitCode == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.hasPrefix("Scene \"main\" (notes)\n"))
    }

    @Test func missingDocumentOptionIsAUsageError() {
        let run = CapturedRun(["restore", "--db", stateFile.path, "--scene", "main"])
        #expect(run.exitCode == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "restorectl restore: missing required option --document\n")
    }

    @Test func aDirectoryAsTheDatabaseExits66() throws {
        let run = CapturedRun(["restore", "--db", stateFile.folder.url.path, "--scene", "main", "--document", original, "--json"])
        #expect(run.exitCode == 66)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "restorectl: \(stateFile.folder.url.path) is a directory, not a database file\n")
    }

    @Test func aMissingDatabaseExits66AndIsNotCreated() throws {
        let run = CapturedRun(["restore", "--db", stateFile.path, "--scene", "main", "--document", original, "--json"])
        #expect(run.exitCode == 66)
        #expect(run.stderr == "restorectl: \(stateFile.path): no such database file\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: stateFile.folder.url.path).isEmpty)
    }
}
