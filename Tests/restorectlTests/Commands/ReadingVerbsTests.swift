import Dispatch
import Foundation
import ScreenKinds
import ScreenModels
import StateRestore
import StateStore
import TestSupport
import Testing

/// The verbs that read (`restore`, `check`, `inspect`, `status`, `history`, `replay`, `rollback --dry-run`) open the file the way a launch
/// does and never create, move, copy or rewrite one: the folder is byte-identical after each,
/// whatever is at the path. `restore` says what a launch would do (move a damaged file aside,
/// migrate, quarantine) and leaves it undone. Each runs the built `restorectl`.
@Suite struct ReadingVerbsTests {
    /// What is at `--db` before the run.
    enum Situation: String, CaseIterable, CustomStringConvertible, Sendable {
        case missing, randomBytes, tableMissing, foreign, newer, directory, olderSchema, zeroLength
        var description: String { rawValue }
    }

    static let verbs: [[String]] = [
        ["restore", "--scene", "main", "--document", "DOC", "--json"], ["check"], ["inspect"], ["status"], ["history", "--scene", "main", "--kind", "catalog"],
        ["replay", "--document", "DOC"],
        ["rollback", "--scene", "main", "--kind", "catalog", "--to", "1", "--dry-run"],
    ]

    let file: StateFile
    let document: String

    init() throws {
        file = try StateFile()
        document = try file.write(#"{"books": [{"id": 1, "title": "Algorithms"}, {"id": 2, "title": "Database Internals"}]}"#, to: "document.json")
    }

    @Test(arguments: verbs, Situation.allCases)
    func aReadingVerbLeavesTheFolderByteIdentical(verb: [String], situation: Situation) throws {
        let path = try Self.prepare(situation, at: file)
        let before = try Self.listing(file.folder.url)
        let result = try run([verb[0], "--db", path] + verb.dropFirst().map { $0 == "DOC" ? document : $0 })
        #expect(!result.exit.wasKilled)
        #expect(try Self.listing(file.folder.url) == before, "\(verb[0]) on \(situation) changed the folder: \(result.stdout) \(result.stderr)")
        switch situation {
        case .missing, .directory:
            #expect(result.exit.status == 66, "\(verb[0]) on \(situation): \(result.exit) \(result.stderr)")
        case .randomBytes where verb[0] == "restore", .tableMissing where verb[0] == "restore":
            #expect(result.exit.isSuccess, "\(result.exit) \(result.stderr)")
            #expect(result.stdout.contains("database-corrupt") && result.stdout.contains("a launch would move it aside"), "\(result.stdout)")
        case .foreign where verb[0] == "restore":
            #expect(result.exit.isSuccess && result.stdout.contains("database-foreign"), "\(result.stdout)")
        case .newer where verb[0] == "restore":
            #expect(result.exit.isSuccess && result.stdout.contains("database-newer"), "\(result.stdout)")
        case .olderSchema where verb[0] == "restore":
            // Read as it is: the stored record, without a migration.
            #expect(result.exit.isSuccess && result.stdout.contains("database-needs-migration"), "\(result.stdout)")
            #expect(!result.stdout.contains("no-record"), "\(result.stdout)")
        case .zeroLength:
            // An empty database: no table yet, so no record, answered as for any file without
            // one (these verbs failed with SQLite's "no such table: scene_state").
            let expected: Int32 = ["history", "rollback"].contains(verb[0]) ? 66 : 0
            #expect(result.exit.status == expected && !result.stderr.contains("no such table"), "\(verb[0]) on \(situation): \(result.exit) \(result.stderr)")
        default:
            #expect(result.exit.status != 70, "\(verb[0]) on \(situation): \(result.stderr)")
        }
    }

    @Test func restoreReportsACrashedRestoreWithoutQuarantiningItOrMakingAGuardFile() throws {
        let path = file.path
        let store = try Store(path: path, migrator: StateMigrations.makeMigrator())
        try store.saveRecord(RecordCodec<CatalogViewState>.encode(CatalogViewState(selectedID: 2)), version: 3, account: "default", scene: "main", kind: "catalog")
        store.close()
        // No guard file yet: a restore that reads makes none.
        var before = try Self.listing(file.folder.url)
        let clean = try run(["restore", "--db", path, "--scene", "main", "--document", document, "--json"])
        #expect(clean.exit.isSuccess && clean.stdout.contains(#""selectedID" : 2"#) || clean.stdout.contains(#""selectedID": 2"#), "\(clean.stdout)")
        #expect(try Self.listing(file.folder.url) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-guard"))

        try LaunchGuardFile.leaveMarksOfAKilledProcess(beside: path, [LaunchGuardMark(account: "default", scene: "main", kind: "catalog")])
        before = try Self.listing(file.folder.url)
        let crashed = try run(["restore", "--db", path, "--scene", "main", "--document", document, "--json"])
        #expect(crashed.exit.isSuccess)
        #expect(crashed.stdout.contains("restore-crashed") && crashed.stdout.contains("a launch would move it to the quarantine"), "\(crashed.stdout)")
        #expect(try Self.listing(file.folder.url) == before, "the crashed screen's record or the guard file changed")
    }

    /// A record whose restore crashed a launch is what `check` finds wrong (1, naming it) and
    /// what `portable` does not send (65): `check` called the file healthy and `portable` sent
    /// the record that crashed this device to another, whose landing guards nothing. Neither
    /// changes a file.
    @Test func aRecordWhoseRestoreCrashedIsAProblemForCheckAndIsNotSentByPortable() throws {
        let path = file.path
        let store = try Store(path: path, migrator: StateMigrations.makeMigrator())
        try store.saveRecord(RecordCodec<CatalogViewState>.encode(CatalogViewState(selectedID: 2)), version: 3, account: "default", scene: "main", kind: "catalog")
        store.close()
        #expect(try run(["check", "--db", path]).exit.isSuccess)
        try LaunchGuardFile.leaveMarksOfAKilledProcess(beside: path, [LaunchGuardMark(account: "default", scene: "main", kind: "catalog")])
        let before = try Self.listing(file.folder.url)
        let checked = try run(["check", "--db", path])
        #expect(checked.exit.status == 1, "\(checked.stdout) \(checked.stderr)")
        #expect(checked.stdout.contains(#"catalog record of scene "main" of account "default": its restore crashed a launch"#), "\(checked.stdout)")
        let sent = try run(["portable", "--db", path, "--scene", "main"])
        #expect(sent.exit.status == 65 && sent.stdout.isEmpty, "\(sent.stdout) \(sent.stderr)")
        #expect(sent.stderr.contains("record is not sent: the previous restore of"), "\(sent.stderr)")
        #expect(try Self.listing(file.folder.url) == before, "a reading verb changed the folder")
    }

    @Test func restoreLeavesAnUnreadableRecordWhereItIs() throws {
        let path = file.path
        let store = try Store(path: path, migrator: StateMigrations.makeMigrator())
        try store.saveRecord(#"{"version":3,"query":7}"#, version: 3, account: "default", scene: "main", kind: "catalog")
        store.close()
        let before = try Self.listing(file.folder.url)
        let result = try run(["restore", "--db", path, "--scene", "main", "--document", document, "--json"])
        #expect(result.exit.isSuccess)
        #expect(result.stdout.contains("record-unreadable") && result.stdout.contains("a launch would move it to the quarantine"), "\(result.stdout)")
        #expect(try Self.listing(file.folder.url) == before)
    }

    // MARK: Support

    /// Runs the real `restorectl`; a run still going after 30 s is killed.
    private func run(_ arguments: [String]) throws -> ChildRun { try ChildRun(restorectl: arguments, killedAfter: .seconds(30)) }

    /// Makes `situation` at `file`'s path; returns the path.
    static func prepare(_ situation: Situation, at file: StateFile) throws -> String {
        let path = file.path
        switch situation {
        case .missing:
            break
        case .randomBytes:
            var generator = SeededGenerator(seed: 26)
            try Data((0..<8_192).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: URL(fileURLWithPath: path))
        case .tableMissing:
            try load(PackageFolders.path("cases/database-damaged-table-missing/database.sql"), into: path)
        case .foreign:
            let database = try Database(path: path)
            try database.executeScript("PRAGMA application_id = 42; CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('theirs');")
            database.close()
        case .newer:
            try load(PackageFolders.path("cases/database-newer/database.sql"), into: path)
        case .directory:
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            try Data("inside".utf8).write(to: URL(fileURLWithPath: path + "/inside.txt"))
        case .olderSchema:
            try load(PackageFolders.path("schema/v3.sql"), into: path)
        case .zeroLength:
            #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        }
        return path
    }

    private static func load(_ script: String, into path: String) throws {
        let database = try Database(path: path)
        try database.executeScript(String(decoding: try Data(contentsOf: URL(fileURLWithPath: script)), as: UTF8.self))
        database.close()
    }

    /// Every file under `url` (recursively, links not followed) with its bytes and mode.
    static func listing(_ url: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        let manager = FileManager.default
        for name in try manager.subpathsOfDirectory(atPath: url.path) {
            let path = url.appendingPathComponent(name).path
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            let bytes = status.st_mode & S_IFMT == S_IFREG ? (manager.contents(atPath: path) ?? Data()).base64EncodedString() : "-"
            files[name] = "\(status.st_mode) \(bytes)"
        }
        return files
    }
}
