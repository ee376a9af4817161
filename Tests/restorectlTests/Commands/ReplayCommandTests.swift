import Foundation
import JSON
import StateRestore
import StateStore
import TestSupport
import Testing

/// `restorectl replay` through the built binary, on `Fixtures/replay/`: records whose restore
/// outcome does not depend on the strings an export replaces replay with the same report codes
/// from the redacted export as from the original, and replay reads only.
@Suite struct ReplayCommandTests {
    let stateFile: StateFile
    let exported: String
    let document = PackageFolders.path("replay/document.json")
    let formats = PackageFolders.path("formats")

    init() throws {
        stateFile = try StateFile()
        exported = stateFile.path("export.sqlite")
        let store = try Store(path: stateFile.path, migrator: StateMigrations.makeMigrator())
        store.close()
        try PersonalDatabase.load(PackageFolders.path("replay/rows.sql"), into: stateFile.path)
    }

    @Test func anExportReplaysWithTheOriginalsReportCodes() throws {
        let before = try ReadingVerbsTests.listing(stateFile.folder.url)
        let replayed = try ChildRun(restorectl: ["replay", "--db", stateFile.path, "--document", document, "--formats", formats, "--json"])
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(try ReadingVerbsTests.listing(stateFile.folder.url) == before, "replay changed the folder")
        let codes = try Self.codes(replayed.stdout)
        let expected = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: PackageFolders.path("replay/expected-codes.json"))))
        #expect(codes == Self.strings(expected), "\(codes)")

        let export = try ChildRun(restorectl: ["export", "--db", stateFile.path, "--redact", "--out", exported, "--formats", formats])
        #expect(export.status == 0, "\(export.stderr)")
        let fromExport = try ChildRun(restorectl: ["replay", "--db", exported, "--document", document, "--formats", formats, "--json"])
        #expect(fromExport.status == 0, "\(fromExport.stderr)")
        #expect(try Self.codes(fromExport.stdout) == codes)
        #expect(!fromExport.stdout.contains("anne@example.org") && !fromExport.stdout.contains("Pierre"), "\(fromExport.stdout)")
    }

    @Test(arguments: 1...4)
    func anExportOfEveryShippedSchemaReplaysAsTheOriginal(version: Int) throws {
        let older = stateFile.path("v\(version).sqlite")
        try PersonalDatabase.load(PackageFolders.path("schema/v\(version).sql"), into: older)
        let catalog = PackageFolders.path("documents/original.json")
        let replayed = try ChildRun(restorectl: ["replay", "--db", older, "--document", catalog, "--json"])
        let export = try ChildRun(restorectl: ["export", "--db", older, "--redact", "--out", exported])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(try PersonalDatabase.rowCounts(in: exported) == PersonalDatabase.rowCounts(in: older))
        let fromExport = try ChildRun(restorectl: ["replay", "--db", exported, "--document", catalog, "--json"])
        #expect(replayed.status == 0 && fromExport.status == 0, "\(replayed.stderr) \(fromExport.stderr)")
        #expect(try Self.codes(fromExport.stdout) == Self.codes(replayed.stdout))
        #expect(try !Self.codes(replayed.stdout).isEmpty)
    }

    @Test func textOutputListsEachRecordInOrder() throws {
        let run = try ChildRun(restorectl: ["replay", "--db", stateFile.path, "--document", document])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        #expect(lines.count == 13, "\(run.stdout)")
        #expect(run.stdout.contains("kind inbox is neither built in nor in --formats"), "\(run.stdout)")
    }

    @Test(
        arguments: [
            (["replay"], 64),
            (["replay", "--db", "MISSING"], 66),
            (["replay", "--db", "DB", "--document", "MISSING"], 66),
            (["replay", "--db", "DB", "--document", "DB"], 65),
        ] as [([String], Int32)])
    func badInputExitsAsDocumented(arguments: [String], status: Int32) throws {
        let filled = arguments.map { $0 == "DB" ? stateFile.path : $0 == "MISSING" ? stateFile.path("missing") : $0 }
        let before = try ReadingVerbsTests.listing(stateFile.folder.url)
        let run = try ChildRun(restorectl: filled)
        #expect(run.status == status, "\(arguments): \(run.stderr)")
        #expect(try ReadingVerbsTests.listing(stateFile.folder.url) == before)
    }

    /// `--record` writes the expectations and nothing else; `--expect` passes on its own
    /// recording, of the original and of its export, and reads only.
    @Test func replayExpectPassesOnItsOwnRecordingOfTheOriginalAndOfTheExport() throws {
        let expectations = stateFile.path("expected.json")
        for database in [stateFile.path, exported] {
            if database == exported {
                #expect(try ChildRun(restorectl: ["export", "--db", stateFile.path, "--redact", "--out", exported, "--formats", formats]).status == 0)
            }
            let before = try ReadingVerbsTests.listing(stateFile.folder.url)
            let recorded = try ChildRun(restorectl: ["replay", "--db", database, "--document", document, "--formats", formats, "--record", expectations])
            #expect(recorded.status == 0 && recorded.stdout == "Recorded the outcome of 13 scene(s) in \(expectations).\n", "\(recorded.stdout) \(recorded.stderr)")
            let after = try ReadingVerbsTests.listing(stateFile.folder.url)
            #expect(after.filter { $0.key != "expected.json" } == before.filter { $0.key != "expected.json" }, "--record wrote something besides its file")
            let checked = try ChildRun(restorectl: ["replay", "--db", database, "--document", document, "--formats", formats, "--expect", expectations])
            #expect(checked.status == 0 && checked.stdout == "Every scene's outcome (13) is the one \(expectations) expects.\n", "\(checked.stdout)")
            #expect(try ReadingVerbsTests.listing(stateFile.folder.url) == after, "--expect wrote something")
        }

        // The scenes are in the order of account, scene and kind, byte by byte.
        let file = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: expectations)))
        guard case .array(let scenes)? = file["scenes"] else { throw Failure() }
        let keys: [[[UInt8]]] = scenes.map { scene in
            ["account", "scene", "kind"].map { field -> [UInt8] in if case .string(let text)? = scene[field] { Array(text.utf8) } else { [] } }
        }
        let sorted = keys.sorted { left, right in left.lexicographicallyPrecedes(right) { $0.lexicographicallyPrecedes($1) } }
        #expect(keys.count == 13 && keys == sorted)
    }

    /// A changed outcome (the app's data changed, or the expectations were edited) fails with
    /// exit 1, naming the scene, the codes and the state's difference.
    @Test func replayExpectFailsNamingTheSceneWhoseOutcomeChanged() throws {
        let expectations = stateFile.path("expected.json")
        #expect(try ChildRun(restorectl: ["replay", "--db", stateFile.path, "--document", document, "--formats", formats, "--record", expectations]).status == 0)
        var changed = try String(decoding: Data(contentsOf: URL(fileURLWithPath: document)), as: UTF8.self)
        changed = changed.replacingOccurrences(of: #"{"id": 2, "title": "Neauphle"}"#, with: "").replacingOccurrences(of: #""Trouville"},"#, with: #""Trouville"}"#)
        let otherDocument = stateFile.path("changed.json")
        try Data(changed.utf8).write(to: URL(fileURLWithPath: otherDocument))
        let run = try ChildRun(restorectl: ["replay", "--db", stateFile.path, "--document", otherDocument, "--formats", formats, "--expect", expectations])
        #expect(run.status == 1, "\(run.stdout) \(run.stderr)")
        #expect(run.stderr == "restorectl: 1 scene(s) differ from \(expectations)\n", "\(run.stderr)")
        #expect(
            run.stdout == """
                scene "notes-kept" of account "pierre@example.org" (notes):
                  codes: expected [], got [selection-cleared]
                  `selectedNoteID`: expected 2, got null

                """, "\(run.stdout)")

        // An expectation edited by hand, or one for a record the file does not hold, fails too.
        var text = try String(decoding: Data(contentsOf: URL(fileURLWithPath: expectations)), as: UTF8.self)
        text = text.replacingOccurrences(of: #""zones-none""#, with: #""zones-elsewhere""#)
        try Data(text.utf8).write(to: URL(fileURLWithPath: expectations))
        let edited = try ChildRun(restorectl: ["replay", "--db", stateFile.path, "--document", document, "--formats", formats, "--expect", expectations, "--json"])
        #expect(edited.status == 1, "\(edited.stdout)")
        let report = try JSONValue.parse(edited.stdout)
        #expect(report["matches"] == false)
        #expect(
            report["differences"] == [
                ["scene": #"scene "zones-none" of account "pierre@example.org" (zones)"#, "differences": ["not in the expectations (record it, or add it)"]],
                ["scene": #"scene "zones-elsewhere" of account "pierre@example.org" (zones)"#, "differences": ["expected, but the file holds no such record"]],
            ], "\(edited.stdout)")
    }

    @Test(
        arguments: [
            (["--expect", "FILE", "--record", "FILE"], 64),
            (["--expect", "MISSING"], 66),
            (["--expect", "DOCUMENT"], 65),
            (["--record", "NOFOLDER"], 73),
        ] as [([String], Int32)])
    func badExpectationsExitAsDocumented(arguments: [String], status: Int32) throws {
        let filled = arguments.map {
            switch $0 {
            case "FILE": stateFile.path("expected.json")
            case "MISSING": stateFile.path("missing.json")
            case "DOCUMENT": document
            case "NOFOLDER": stateFile.path("no/such/folder.json")
            default: $0
            }
        }
        let before = try ReadingVerbsTests.listing(stateFile.folder.url)
        let run = try ChildRun(restorectl: ["replay", "--db", stateFile.path, "--document", document] + filled)
        #expect(run.status == status, "\(arguments): \(run.stderr)")
        #expect(try ReadingVerbsTests.listing(stateFile.folder.url) == before)
    }

    /// `--record` never replaces a link (dangling or not), a FIFO or a folder at its path, nor
    /// writes through one: it exits 73 naming what is there, and everything stays as it was.
    @Test(arguments: ["link", "dangling link", "FIFO", "folder"])
    func recordRefusesWhatIsNotARegularFile(obstacle: String) throws {
        let target = try stateFile.write("victim", to: "victim.txt")
        let file = stateFile.path("expected.json")
        switch obstacle {
        case "link": #expect(symlink("victim.txt", file) == 0)
        case "dangling link": #expect(symlink("nowhere.json", file) == 0)
        case "FIFO": #expect(mkfifo(file, 0o600) == 0)
        default: try FileManager.default.createDirectory(atPath: file, withIntermediateDirectories: false)
        }
        let before = try ReadingVerbsTests.listing(stateFile.folder.url)
        let run = try ChildRun(restorectl: ["replay", "--db", stateFile.path, "--document", document, "--formats", formats, "--record", file], killedAfter: .seconds(60))
        #expect(run.status == 73, "\(obstacle): \(run.stderr)")
        #expect(run.stderr.contains("not a regular file; nothing was written"), "\(obstacle): \(run.stderr)")
        #expect(try ReadingVerbsTests.listing(stateFile.folder.url) == before)
        #expect(FileManager.default.contents(atPath: target) == Data("victim".utf8))
        #expect(!FileManager.default.fileExists(atPath: stateFile.path("nowhere.json")))
    }

    /// `--record` never writes the database it replays, by its own name or another (a relative
    /// one from its folder, a hard link), nor a name its own files take beside it: 73, and the
    /// folder stays byte for byte.
    @Test(arguments: ["", "-wal", "-shm", "-journal", "-guard", "-live", "-moved", "hard link", ".backup-v3", ".backup-lock", ".corrupt-1"])
    func recordNeverWritesTheDatabaseOrAnyOfItsOwnFiles(suffix: String) throws {
        let (name, directory) = (URL(fileURLWithPath: stateFile.path).lastPathComponent, stateFile.folder.url)
        if suffix == "hard link" { #expect(link(stateFile.path, stateFile.path("other-name.sqlite")) == 0) }
        let file = suffix == "hard link" ? "other-name.sqlite" : name + suffix
        let before = try ReadingVerbsTests.listing(directory)
        let run = try ChildRun(restorectl: ["replay", "--db", name, "--document", document, "--formats", formats, "--record", file], directory: directory, killedAfter: .seconds(60))
        #expect(run.status == 73, "\(file): \(run.exit) \(run.stderr)")
        let named = suffix.hasPrefix("-") ? "one of the database's own files" : suffix.hasPrefix(".") ? "one of the files the store keeps" : "is the database"
        #expect(run.stderr.contains(named), "\(file): \(run.stderr)")
        #expect(run.stderr.contains("nothing was written"), "\(run.stderr)")
        #expect(try ReadingVerbsTests.listing(directory) == before)
    }

    /// `--record` replaces only an expectations file (recording again); another file at its path
    /// (another database, a document, text) is refused with 73 and stays byte for byte: it
    /// overwrote another database, whose records were gone.
    @Test(arguments: ["another database", "a document", "text"])
    func recordReplacesOnlyAnExpectationsFile(existing: String) throws {
        let file = stateFile.path("out.sqlite")
        switch existing {
        case "another database": try PersonalDatabase.load(PackageFolders.path("replay/rows.sql"), into: try Self.freshDatabase(at: file))
        case "a document": try FileManager.default.copyItem(atPath: document, toPath: file)
        default: _ = try stateFile.write("notes I keep", to: "out.sqlite")
        }
        let kept = try Data(contentsOf: URL(fileURLWithPath: file))
        let before = try ReadingVerbsTests.listing(stateFile.folder.url)
        let run = try ChildRun(restorectl: ["replay", "--db", stateFile.path, "--document", document, "--formats", formats, "--record", file])
        #expect(run.status == 73, "\(existing): \(run.stderr)")
        #expect(run.stderr.contains("already exists and is not an expectations file"), "\(run.stderr)")
        #expect(run.stderr.contains("nothing was written"), "\(run.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == kept)
        #expect(try ReadingVerbsTests.listing(stateFile.folder.url) == before)

        // An expectations file is recorded again.
        let expectations = stateFile.path("expected.json")
        for _ in 0..<2 {
            let again = try ChildRun(restorectl: ["replay", "--db", stateFile.path, "--document", document, "--formats", formats, "--record", expectations])
            #expect(again.status == 0, "\(again.stderr)")
        }
    }

    /// A path ending in a slash names a folder: `--record out.json/` is refused (66) as every
    /// other path of the tool is, and makes nothing (it wrote `out.json`).
    @Test func recordRefusesAPathEndingInASlash() throws {
        let before = try ReadingVerbsTests.listing(stateFile.folder.url)
        let run = try ChildRun(restorectl: ["replay", "--db", stateFile.path, "--document", document, "--formats", formats, "--record", stateFile.path("out.json") + "/"])
        #expect(run.status == 66, "\(run.stderr)")
        #expect(run.stderr.contains("ending in a slash, which names a folder"), "\(run.stderr)")
        #expect(try ReadingVerbsTests.listing(stateFile.folder.url) == before)
    }

    /// A full disk is an I/O error (74) in the operating system's words, and the expectations
    /// recorded before stay whole.
    @Test(.enabled(if: TestHost.canMountTmpfs, "mounts a tmpfs: needs root and a mount namespace"))
    func recordOnAFullDiskIs74AndKeepsTheFileRecordedBefore() throws {
        let mount = try #require(try ScratchMount(tmpfsSize: "256k"))
        let expectations = mount.path("expected.json")
        try Data("{\"scenes\": []}\n".utf8).write(to: URL(fileURLWithPath: expectations))
        try mount.fill()
        let run = try ChildRun(restorectl: ["replay", "--db", stateFile.path, "--document", document, "--formats", formats, "--record", expectations])
        #expect(run.status == 74, "\(run.stderr)")
        #expect(run.stderr.contains("ENOSPC"), "\(run.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: expectations)) == Data("{\"scenes\": []}\n".utf8))
    }

    private static func freshDatabase(at path: String) throws -> String {
        try Store(path: path, migrator: StateMigrations.makeMigrator()).close()
        return path
    }

    /// The printed replay lists every scene, restored or not, in one order of account, scene
    /// and kind (by bytes), as its help says: the scenes it could not restore came after all
    /// the others.
    @Test func theTextReplayListsEveryScenesInTheOrderOfAccountSceneAndKind() throws {
        let run = try ChildRun(restorectl: ["replay", "--db", stateFile.path, "--document", document])
        #expect(run.status == 0, "\(run.stderr)")
        let scenes: [[[UInt8]]] = run.stdout.split(separator: "\n").compactMap { line in
            guard let match = line.firstMatch(of: #/^scene "([^"]*)" of account "([^"]*)" \(([a-z0-9-]+)\): /#) else { return nil }
            return [Array(match.2.utf8), Array(match.1.utf8), Array(match.3.utf8)]
        }
        #expect(scenes.count == 13 && run.stdout.contains("not restored"), "\(run.stdout)")
        let sorted = scenes.sorted { left, right in left.lexicographicallyPrecedes(right) { $0.lexicographicallyPrecedes($1) } }
        #expect(scenes == sorted, "\(run.stdout)")
    }

    struct Failure: Error {}

    /// Each restored record's kind and codes (`kind: code, code`), and `kind: not-restored` for
    /// each one that was not, sorted: the export's names differ, so the order by name does too.
    static func codes(_ output: String) throws -> [String] {
        let value = try JSONValue.parse(output)
        var lines: [String] = []
        if case .array(let restored)? = value["restored"] {
            for summary in restored {
                guard case .array(let report)? = summary["report"], case .string(let kind)? = summary["kind"] else { continue }
                let codes = report.compactMap { entry in if case .string(let code)? = entry["code"] { code } else { nil } }
                lines.append("\(kind): \(codes.joined(separator: ", "))")
            }
        }
        if case .array(let skipped)? = value["notRestored"] {
            for entry in skipped {
                if case .string(let kind)? = entry["kind"] { lines.append("\(kind): not-restored") }
            }
        }
        return lines.sorted()
    }

    private static func strings(_ value: JSONValue) -> [String] {
        guard case .array(let elements) = value else { return [] }
        return elements.compactMap { if case .string(let string) = $0 { string } else { nil } }
    }
}
