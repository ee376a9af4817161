import Foundation
import JSON
import ScreenKinds
import StateRestore
import StateStore
import TestSupport
import Testing

@testable import restorectl

@Suite struct SaveCommandTests {
    let stateFile: StateFile

    init() throws { stateFile = try StateFile() }

    private func save(_ record: String, scene: String = "main", extra: [String] = []) -> CapturedRun {
        CapturedRun(["save", "--db", stateFile.path, "--scene", scene, "--state", PackageFolders.path("records/\(record)")] + extra)
    }

    @Test(arguments: [
        ("malformed-query-not-string.json", #"field "query" must be a string"#),
        ("malformed-selected-id-string.json", #"field "selectedID" must be an integer or null"#),
        ("malformed-viewport-missing-offset.json", #"field "viewport.offset" is missing"#),
        ("malformed-not-an-object.json", "must be a JSON object"),
        ("malformed-invalid-json.txt", "not valid JSON"),
        ("malformed-version-string.json", #"field "version""#),
        ("malformed-min-reader-above-version.json", "minReaderVersion"),
        ("offset-out-of-range.json", "between 0 and 1, got 1.75"),
        ("offset-negative.json", "between 0 and 1, got -0.5"),
        ("offset-1e999.json", "finite"),
        ("too-many-neighbours.json", "at most 3"),
    ])
    func invalidRecordExits65NamingTheProblemAndWritesNothing(record: String, problem: String) throws {
        #expect(save("v3-viewport.json").exitCode == 0)
        let before = try #require(stateFile.folder.contents("state.sqlite"))
        let listing = try FileManager.default.contentsOfDirectory(atPath: stateFile.folder.url.path).sorted()

        let run = save(record)

        #expect(run.exitCode == 65)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains(problem), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(stateFile.folder.contents("state.sqlite") == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: stateFile.folder.url.path).sorted() == listing)
    }

    @Test func invalidRecordDoesNotCreateTheDatabase() {
        #expect(save("offset-out-of-range.json").exitCode == 65)
        #expect(!FileManager.default.fileExists(atPath: stateFile.path))
    }

    /// A document, or another kind's record, given by mistake: none of its fields is one the
    /// kind knows, so it is refused and nothing is created. Every field was kept as an unknown
    /// one, so `--state books.json` stored the whole library as a "format 1" catalog record,
    /// and a notes record of every title. A record sharing one field with the kind, and an
    /// empty one (every field defaulted), are still records of the kind.
    @Test func aRecordWithNoFieldOfTheKindIsRefusedAndNothingIsCreated() throws {
        let document = stateFile.folder.path("books.json")
        try Data(#"{"books":[{"id":1,"title":"Algorithms"}]}"#.utf8).write(to: URL(fileURLWithPath: document))
        for kind in ["catalog", "notes", "zones"] {
            let run = CapturedRun(["save", "--db", stateFile.path, "--scene", "main", "--kind", kind, "--state", document])
            #expect(run.exitCode == 65 && run.stderr.contains(#"none of its fields ("books") is a field of any \#(kind) format"#), "\(kind): \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: stateFile.path))
        }
        let empty = stateFile.folder.path("empty.json")
        try Data("{}".utf8).write(to: URL(fileURLWithPath: empty))
        #expect(CapturedRun(["save", "--db", stateFile.path, "--scene", "main", "--state", empty]).exitCode == 0)
    }

    /// A save the disk has no room for names the file and ENOSPC, as the exit-code table says
    /// (it said "database or disk is full while executing `COMMIT`"), and the stored record stays.
    @Test(.enabled(if: TestHost.canMountTmpfs, "mounts a tmpfs: needs root and a mount namespace"))
    func aSaveOutOfSpaceNamesTheFileAndENOSPC() throws {
        let mount = try #require(try ScratchMount(tmpfsSize: "256k"))
        defer { mount.unmount() }
        let db = mount.path("state.sqlite")
        #expect(CapturedRun(["save", "--db", db, "--scene", "main", "--state", PackageFolders.path("records/v1.json")]).exitCode == 0)
        let large = stateFile.folder.path("large.json")
        try Data(#"{"version":3,"query":"\#(String(repeating: "x", count: 900_000))","selectedID":1}"#.utf8).write(to: URL(fileURLWithPath: large))
        let run = CapturedRun(["save", "--db", db, "--scene", "main", "--state", large])
        #expect(run.exitCode == 74 && run.stderr.contains(db) && run.stderr.contains("ENOSPC"), "\(run.stderr)")
        #expect(CapturedRun(["inspect", "--db", db]).stdout.contains("v1"))
    }

    @Test(arguments: [("", "empty"), (String(repeating: "a", count: 1_025), "1025 bytes")])
    func badNamesExit65(name: String, problem: String) {
        for extra in [["--scene", name], ["--scene", "main", "--account", name]] {
            let run = CapturedRun(["save", "--db", stateFile.path] + extra + ["--state", PackageFolders.path("records/v1.json")])
            #expect(run.exitCode == 65)
            #expect(run.stderr.contains(problem))
            #expect(!FileManager.default.fileExists(atPath: stateFile.path))
        }
    }

    @Test func newerRecordIsStoredAsItsFormatInTheCanonicalEncoding() throws {
        let file = PackageFolders.path("records/v5-no-min-reader.json")
        let canonical = try JSONValue.parse(#require(FileManager.default.contents(atPath: file))).encoded()
        let run = save("v5-no-min-reader.json")
        #expect(run.exitCode == 0)
        #expect(run.stdout == "Saved format 5 record (\(canonical.utf8.count) bytes) for scene \"main\".\n")
        let store = try Store(readingExistingFileAt: stateFile.path)
        defer { store.close() }
        let stored = try #require(try store.record(account: "default", scene: "main", kind: "catalog"))
        #expect(stored.version == 5)
        #expect(stored.payload == Data(canonical.utf8))
    }

    /// A newer record is kept whether or not its `minReaderVersion` lets this build read it:
    /// the tool restored nothing, so it would drop the fields this build does not know and lower
    /// the version (it replaced a format-4 record declaring `minReaderVersion` 3 silently).
    @Test(arguments: ["v5-no-min-reader.json", "v4-min-reader-3.json"])
    func savingOverANewerRecordNeedsReplaceNewer(newer: String) throws {
        #expect(save(newer).exitCode == 0)
        let before = try #require(stateFile.folder.contents("state.sqlite"))
        let refused = save("v3-minimal.json")
        #expect(refused.exitCode == 65)
        #expect(refused.stderr.contains("--replace-newer"))
        #expect(stateFile.folder.contents("state.sqlite") == before)
        #expect(save("v3-minimal.json", extra: ["--replace-newer"]).exitCode == 0)
        let inspect = try JSONValue.parse(Data(CapturedRun(["inspect", "--db", stateFile.path, "--json"]).stdout.utf8))
        #expect(inspect["records"]?.firstElement?["version"] == .integer(3))
    }

    /// The refusal over a newer record of an older file is found reading only: the file is
    /// not migrated or backed up for it (it was, with its records rewritten, before the 65).
    @Test func aRefusedSaveOnAnOlderFileLeavesItAsItWas() throws {
        try PersonalDatabase.load(PackageFolders.path("schema/v2.sql"), into: stateFile.path)
        let before = try ReadingVerbsTests.listing(stateFile.folder.url)
        let refused = CapturedRun([
            "save", "--db", stateFile.path, "--scene", "fenêtre ✦ 2", "--account", "carol", "--state", PackageFolders.path("records/v3-minimal.json"),
        ])
        #expect(refused.exitCode == 65, "\(refused.stderr)")
        #expect(refused.stderr.contains("--replace-newer"))
        #expect(try ReadingVerbsTests.listing(stateFile.folder.url) == before)
    }

    @Test func stateDashReadsStandardInput() throws {
        let input = try #require(FileManager.default.contents(atPath: PackageFolders.path("records/v2.json")))
        let run = CapturedRun(["save", "--db", stateFile.path, "--scene", "piped", "--account", "alice", "--state", "-"], input: input)
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(run.stdout.contains("Saved format 2 record"))
        let store = try Store(readingExistingFileAt: stateFile.path)
        defer { store.close() }
        #expect(try store.record(account: "alice", scene: "piped", kind: "catalog")?.payload == Data(try JSONValue.parse(input).encoded().utf8))
    }

    @Test func invalidStandardInputSaysSo() {
        let run = CapturedRun(["save", "--db", stateFile.path, "--scene", "m", "--state", "-"], input: Data("[1]".utf8))
        #expect(run.exitCode == 65)
        #expect(run.stderr.contains("on standard input"))
    }

    @Test func missingStateFileExits66() {
        let run = CapturedRun(["save", "--db", stateFile.path, "--scene", "m", "--state", stateFile.path("absent.json")])
        #expect(run.exitCode == 66)
        #expect(run.stderr.contains("no such file"))
        #expect(!FileManager.default.fileExists(atPath: stateFile.path))
    }

    /// An input file that is a directory (or a FIFO) is 66, as the exit table says.
    @Test func aStateThatIsADirectoryOrAFIFOExits66() throws {
        try FileManager.default.createDirectory(atPath: stateFile.path("state-dir"), withIntermediateDirectories: false)
        #expect(mkfifo(stateFile.path("state-fifo"), 0o600) == 0)
        for (input, message) in [("state-dir", "it is a directory, not a file"), ("state-fifo", "it is not a regular file")] {
            let run = CapturedRun(["save", "--db", stateFile.path, "--scene", "m", "--state", stateFile.path(input)])
            #expect(run.exitCode == 66 && run.stderr.contains(message), "\(input): \(run.exitCode) \(run.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: stateFile.path))
    }

    @Test func missingSceneIsAUsageError() {
        let run = CapturedRun(["save", "--db", stateFile.path, "--state", "-"])
        #expect(run.exitCode == 64)
        #expect(run.stderr == "restorectl save: missing required option --scene\n")
    }
}

extension JSONValue {
    /// The first element of an array, for terse assertions.
    var firstElement: JSONValue? {
        if case .array(let elements) = self { elements.first } else { nil }
    }
}
