import Foundation
import JSON
import ScreenKinds
import StateRestore
import StateStore
import TestSupport
import Testing

@testable import restorectl

@Suite struct QuarantineCommandTests {
    let file: StateFile
    let document = PackageFolders.path("documents/original.json")

    init() throws {
        file = try StateFile()
        #expect(CapturedRun(["migrate", "--db", file.path]).exitCode == 0)
        let db = try Database(path: file.path)
        try db.execute("INSERT INTO scene_state (account, scene, version, payload, updated_at) VALUES ('alice', 'broken', 3, '[\"not\", \"an\", \"object\"]', 1764000000)")
        db.close()
    }

    private func list() throws -> JSONValue {
        let run = CapturedRun(["quarantine", "list", "--db", file.path, "--json"])
        #expect(run.exitCode == 0)
        return try JSONValue.parse(Data(run.stdout.utf8))
    }

    /// The report codes of the tool's restore of the scene, which reads only, then an app's
    /// launch on it, which moves to the quarantine what the tool reported.
    private func restoreScene() throws -> [JSONValue] {
        let before = file.folder.contents("state.sqlite")
        let run = CapturedRun(["restore", "--db", file.path, "--scene", "broken", "--account", "alice", "--document", document, "--json"])
        #expect(run.exitCode == 0)
        #expect(file.folder.contents("state.sqlite") == before, "the tool's restore wrote")
        try AppLaunch.restoreCatalog(at: file.path, scene: "broken", account: "alice")
        guard case .array(let report)? = try JSONValue.parse(Data(run.stdout.utf8))["report"] else { return [] }
        return report.map { $0["code"] ?? .null }
    }

    @Test func listRestoreAndDrop() throws {
        #expect(try list() == [])
        #expect(try restoreScene() == ["record-unreadable"])
        let entry = try #require(try list().firstElement)
        #expect(entry["id"] == 1)
        #expect(entry["account"] == "alice")
        #expect(entry["scene"] == "broken")
        #expect(entry["version"] == 3)
        #expect(entry["size"] == 23)
        #expect(entry["reason"] == "unreadable")
        #expect(entry["error"] == "record must be a JSON object, got array")

        // Moving it back puts the bytes back in its scene; the next launch quarantines it again.
        let back = CapturedRun(["quarantine", "restore", "--db", file.path, "--id", "1"])
        #expect(back.exitCode == 0)
        #expect(back.stdout == "Restored quarantined record 1 to its scene.\n")
        #expect(try list() == [])
        let store = try Store(readingExistingFileAt: file.path)
        #expect(try store.record(account: "alice", scene: "broken", kind: "catalog")?.payload == Data(#"["not", "an", "object"]"#.utf8))
        store.close()
        #expect(try restoreScene() == ["record-unreadable"])
        let again = try #require(try list().firstElement)
        #expect(again["scene"] == "broken")
        guard case .integer(let id)? = again["id"] else {
            Issue.record("no id")
            return
        }

        let drop = CapturedRun(["quarantine", "drop", "--db", file.path, "--id", String(id)])
        #expect(drop.exitCode == 0)
        #expect(try list() == [])
        #expect(try restoreScene() == ["no-record"])
        #expect(CapturedRun(["check", "--db", file.path]).exitCode == 0)
    }

    @Test func restoringOverANewerSaveIsRefused() throws {
        #expect(try restoreScene() == ["record-unreadable"])
        #expect(CapturedRun(["save", "--db", file.path, "--scene", "broken", "--account", "alice", "--state", PackageFolders.path("records/v1.json")]).exitCode == 0)
        let run = CapturedRun(["quarantine", "restore", "--db", file.path, "--id", "1"])
        #expect(run.exitCode == 65)
        #expect(run.stderr.contains("has a newer record"))
        #expect(try list().firstElement?["id"] == 1)
    }

    @Test func unknownIDExits66() {
        for action in ["restore", "drop"] {
            let run = CapturedRun(["quarantine", action, "--db", file.path, "--id", "42"])
            #expect(run.exitCode == 66)
            #expect(run.stderr.contains("no quarantined record has id 42"))
        }
    }

    /// An unknown id on an older file is found reading only: the file is not migrated or
    /// backed up for a refusal (it was, with its records rewritten, before the 66).
    @Test func unknownIDOnAnOlderFileLeavesItAsItWas() throws {
        let older = try StateFile()
        try PersonalDatabase.load(PackageFolders.path("schema/v2.sql"), into: older.path)
        let before = try ReadingVerbsTests.listing(older.folder.url)
        for action in ["restore", "drop"] {
            let run = CapturedRun(["quarantine", action, "--db", older.path, "--id", "999"])
            #expect(run.exitCode == 66, "\(action): \(run.stderr)")
            #expect(try ReadingVerbsTests.listing(older.folder.url) == before, "\(action) changed the folder")
        }
    }

    /// Restoring onto a scene that holds a record again is refused reading only on an older
    /// file too: it is not migrated or backed up for the 65.
    @Test func restoringOntoAnOccupiedSceneOfAnOlderFileLeavesItAsItWas() throws {
        let older = try StateFile()
        try PersonalDatabase.load(PackageFolders.path("schema/v2.sql"), into: older.path)
        let db = try Database(path: older.path)
        try db.execute(
            "INSERT INTO scene_state (account, scene, version, payload, updated_at) VALUES ('bob', 'broken', 3, ?, 1764000000)",
            [.text(#"{"version":3,"query":"","selectedID":null,"showsOnlySelected":false,"viewport":null}"#)])
        db.close()
        let before = try ReadingVerbsTests.listing(older.folder.url)
        let run = CapturedRun(["quarantine", "restore", "--db", older.path, "--id", "1"])
        #expect(run.exitCode == 65, "\(run.stderr)")
        #expect(run.stderr.contains("has a newer record"), "\(run.stderr)")
        #expect(try ReadingVerbsTests.listing(older.folder.url) == before)
    }

    @Test func textListShowsTheEntry() throws {
        #expect(CapturedRun(["quarantine", "list", "--db", file.path]).stdout == "The quarantine is empty.\n")
        _ = try restoreScene()
        #expect(CapturedRun(["quarantine", "list", "--db", file.path]).stdout.hasPrefix("#1\talice\tbroken\tcatalog\tunreadable\t23 B\t"))
    }

    /// A stored error holding control characters (an older build's, a hand edit) is printed
    /// escaped, one line per entry, by `quarantine list`, `inspect` and `check`: a newline
    /// split the line and an escape sequence reached the terminal.
    @Test func aStoredErrorWithControlCharactersIsPrintedEscaped() throws {
        _ = try restoreScene()
        let db = try Database(path: file.path)
        try db.execute("UPDATE quarantine SET error = ?", [.text("line one\nline two \u{1B}[31mred")])
        db.close()
        for verb in [["quarantine", "list"], ["inspect"], ["check"]] {
            let output = CapturedRun(verb + ["--db", file.path]).stdout
            let line = output.split(separator: "\n").first { $0.contains("line one") }
            #expect(line?.contains("line two") == true && !output.contains("\u{1B}"), "\(verb): \(output)")
        }
    }
}
