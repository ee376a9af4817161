import Foundation
import JSON
import ScreenKinds
import StateRestore
import StateStore
import TestSupport
import Testing

@testable import restorectl

@Suite struct CheckCommandTests {
    let file: StateFile

    init() throws { file = try StateFile() }

    private func listing() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: file.folder.url.path).sorted() }

    /// Runs `check` and asserts it did not change `$DB`'s bytes or create it. Files appearing
    /// beside it are checked separately (`leavesNoFilesBesideAWriteAheadLogDatabase`).
    private func check(json: Bool = true) throws -> CapturedRun {
        let before = file.folder.contents("state.sqlite")
        let run = CapturedRun(["check", "--db", file.path] + (json ? ["--json"] : []))
        #expect(file.folder.contents("state.sqlite") == before, "check modified the file")
        return run
    }

    @Test func leavesNoFilesBesideARollbackJournalDatabase() throws {
        try Data(repeating: 0xA5, count: 4096).write(to: URL(fileURLWithPath: file.path))
        let files = try listing()
        _ = try check()
        #expect(try listing() == files)
    }

    /// The contract: check never creates a file, also for a WAL-mode database (whose read-only
    /// connection would otherwise create `-wal` and `-shm` and could not remove them on close).
    @Test func leavesNoFilesBesideAWriteAheadLogDatabase() throws {
        #expect(CapturedRun(["save", "--db", file.path, "--scene", "main", "--state", PackageFolders.path("records/v1.json")]).exitCode == 0)
        let files = try listing()
        #expect(files == ["state.sqlite"])
        #expect(try check().exitCode == 0)
        #expect(try listing() == files)
    }

    @Test func healthyDatabaseExits0() throws {
        #expect(CapturedRun(["save", "--db", file.path, "--scene", "main", "--state", PackageFolders.path("records/v3-viewport.json")]).exitCode == 0)
        #expect(CapturedRun(["save", "--db", file.path, "--scene", "newer", "--state", PackageFolders.path("records/v5-no-min-reader.json")]).exitCode == 0)
        let run = try check()
        #expect(run.exitCode == 0)
        let json = try JSONValue.parse(Data(run.stdout.utf8))
        #expect(json["healthy"] == true)
        #expect(json["recordsChecked"] == 2)
        #expect(json["recordsDecoded"] == 1)
        #expect(json["recordsNotDecoded"] == ["unknownKind": 0, "newerFormat": 1, "noRecordedShape": 0, "unreadable": 0])
        #expect(json["problems"] == [])
        let text = try check(json: false)
        #expect(text.exitCode == 0)
        #expect(text.stdout.hasSuffix("healthy (2 records: 1 decoded, 1 not decoded (newer format))\n"))
    }

    @Test func aRecordOverItsKindsBudgetIsAWarningNamingItsLargestFieldAndExits0() throws {
        let state = file.path("big-notes.json")
        try Data(#"{"version": 1, "query": "\#(String(repeating: "q", count: 300_000))"}"#.utf8).write(to: URL(fileURLWithPath: state))
        #expect(CapturedRun(["save", "--db", file.path, "--scene", "main", "--kind", "notes", "--state", state]).exitCode == 0)
        let run = try check()
        #expect(run.exitCode == 0)
        let json = try JSONValue.parse(Data(run.stdout.utf8))
        #expect(json["healthy"] == true && json["problems"] == [])
        guard case .array(let warnings)? = json["warnings"], case .string(let warning)? = warnings.first else {
            Issue.record("no warning: \(run.stdout)")
            return
        }
        #expect(warnings.count == 1)
        #expect(warning.hasPrefix(#"notes record of scene "main" of account "default": record is "#), "\(warning)")
        #expect(warning.contains("over the budget of 262144 bytes; largest fields: query (300002 bytes)"), "\(warning)")
        let text = try check(json: false)
        #expect(text.exitCode == 0)
        #expect(text.stdout.hasPrefix("warning: \(warning)\n"), "\(text.stdout)")
        #expect(text.stdout.hasSuffix("healthy (1 record decoded)\n"))
    }

    @Test func undecodableRecordAndQuarantineExit1() throws {
        #expect(CapturedRun(["migrate", "--db", file.path]).exitCode == 0)
        let db = try Database(path: file.path)
        try db.execute("INSERT INTO scene_state (account, scene, version, payload, updated_at) VALUES ('default', 'bad', 3, '{\"version\":3,\"query\":1}', 0)")
        db.close()
        let run = try check()
        #expect(run.exitCode == 1)
        let json = try JSONValue.parse(Data(run.stdout.utf8))
        #expect(json["healthy"] == false)
        #expect(json["problems"]?.firstElement == .string(#"catalog record of scene "bad" of account "default": record cannot be decoded: field "query" must be a string, got integer 1"#))

        // The tool's restore leaves it; the app's launch that meets it quarantines it, and check
        // still exits 1 while the quarantine holds it.
        let before = try #require(FileManager.default.contents(atPath: file.path))
        #expect(CapturedRun(["restore", "--db", file.path, "--scene", "bad", "--document", PackageFolders.path("documents/article.json")]).exitCode == 0)
        #expect(FileManager.default.contents(atPath: file.path) == before)
        try AppLaunch.restoreCatalog(at: file.path, scene: "bad")
        let after = try check()
        #expect(after.exitCode == 1)
        #expect(after.stdout.contains("quarantine holds record 1"))
        #expect(CapturedRun(["quarantine", "drop", "--db", file.path, "--id", "1"]).exitCode == 0)
        #expect(try check().exitCode == 0)
    }

    @Test func fileThatIsNotADatabaseExits1() throws {
        try Data(repeating: 0xA5, count: 4096).write(to: URL(fileURLWithPath: file.path))
        let run = try check(json: false)
        #expect(run.exitCode == 1)
        #expect(run.stdout.contains("problem: \(file.path) is not a readable restorectl database"))
    }

    @Test func missingFileExits66AndIsNotCreated() throws {
        let run = try check()
        #expect(run.exitCode == 66)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "restorectl: \(file.path): no such database file\n")
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func zeroLengthFileIsHealthyAndStaysZeroLength() throws {
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data()))
        let run = try check()
        #expect(run.exitCode == 0)
        #expect(file.folder.contents("state.sqlite") == Data())
    }

    @Test func checkShowsWhichReleasesMayReadAndWriteTheFile() throws {
        try SchemaBuild.rewriting6.makeFile(at: file.path)
        let json = try JSONValue.parse(Data(try check().stdout.utf8))
        #expect(json["schemaVersion"] == 6 && json["readableBy"] == 4 && json["writableBy"] == 6)
        let text = try check(json: false)
        #expect(text.stdout.contains("schema: version 6, readable by schema 4 and later, writable by schema 6 and later\n"), "\(text.stdout)")
    }
}
