import Foundation
import JSON
import StateStore
import TestSupport
import Testing

@testable import restorectl

/// The tool and an app's kind it has no code for (`inbox`), from the format folders the
/// app's tests record (`Fixtures/formats/inbox`: format 2 renamed v1's `search` to `query` and
/// added `selectedID` and `filters`): with `--formats DIR` it decodes, validates and restores
/// the kind's records; without it, it shows them raw and never counts them as decoded.
@Suite struct AppKindFormatsTests {
    let stateFile: StateFile
    let formats = PackageFolders.path("formats")

    init() throws { stateFile = try StateFile() }

    /// Writes `record` as a file and returns its path.
    private func recordFile(_ record: String, named name: String = "record.json") throws -> String {
        let file = stateFile.path(name)
        try Data(record.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    /// Stores `payload` as the inbox record of `scene` behind the tool's back, as an app would.
    private func storeInboxRecord(_ payload: String, scene: String, version: Int) throws {
        #expect(CapturedRun(["migrate", "--db", stateFile.path]).exitCode == 0)
        let db = try Database(path: stateFile.path)
        defer { db.close() }
        try db.execute(
            "INSERT INTO scene_state (account, scene, kind, version, payload, updated_at) VALUES ('default', '\(scene)', 'inbox', \(version), '\(payload)', 0)")
    }

    private func json(_ run: CapturedRun) throws -> JSONValue { try JSONValue.parse(Data(run.stdout.utf8)) }

    @Test func checkWithFormatsFindsAMalformedRecordOfAnAppsKind() throws {
        try storeInboxRecord(#"{"version":2,"query":"x","sort":"thread"}"#, scene: "mail", version: 2)
        let before = stateFile.folder.contents("state.sqlite")
        let run = CapturedRun(["check", "--db", stateFile.path, "--formats", formats, "--json"])
        #expect(run.exitCode == 1)
        #expect(stateFile.folder.contents("state.sqlite") == before)
        let report = try json(run)
        #expect(report["healthy"] == false)
        #expect(report["recordsDecoded"] == 0)
        #expect(report["recordsNotDecoded"] == ["unknownKind": 0, "newerFormat": 0, "noRecordedShape": 0, "unreadable": 1])
        let problem = #"inbox record of scene "mail" of account "default": record cannot be decoded: "#
        #expect(report["problems"] == [.string(problem + #"record does not fit the recorded shape of format 2: `sort` is "thread", not one of "date", "sender""#)])
    }

    /// A format file that is not JSON is named with where and why, in words (it printed the
    /// parser error's Swift dump), and the database is left as it was.
    @Test func aFormatFileThatIsNotJSONIsNamedWithWhereAndWhy() throws {
        try storeInboxRecord(#"{"version":2,"query":"x","sort":"thread"}"#, scene: "mail", version: 2)
        let folder = stateFile.path("formats")
        try FileManager.default.copyItem(atPath: formats, toPath: folder)
        try Data("{\"a".utf8).write(to: URL(fileURLWithPath: folder + "/inbox/shape-v1.json"))
        let before = stateFile.folder.contents("state.sqlite")
        let run = CapturedRun(["check", "--db", stateFile.path, "--formats", folder])
        #expect(run.exitCode == 65)
        #expect(run.stderr.contains("shape-v1.json: not JSON: invalid JSON at byte"), "\(run.stderr)")
        #expect(!run.stderr.contains("JSONParseError"), "\(run.stderr)")
        #expect(stateFile.folder.contents("state.sqlite") == before)
    }

    @Test func checkWithoutFormatsCountsAnAppsRecordsAsNotDecoded() throws {
        try storeInboxRecord(#"{"version":2,"query":"x","sort":"thread"}"#, scene: "mail", version: 2)
        #expect(CapturedRun(["save", "--db", stateFile.path, "--scene", "main", "--state", PackageFolders.path("records/v3-viewport.json")]).exitCode == 0)
        let text = CapturedRun(["check", "--db", stateFile.path])
        #expect(text.exitCode == 0)
        #expect(
            text.stdout == """
                note: inbox record of scene "mail" of account "default": a kind this build does not know; kept untouched
                schema: version 5, readable by schema 4 and later, writable by schema 4 and later
                \(stateFile.path): healthy (2 records: 1 decoded, 1 not decoded (unknown kind))

                """)
        let report = try json(CapturedRun(["check", "--db", stateFile.path, "--json"]))
        #expect(report["recordsChecked"] == 2)
        #expect(report["recordsDecoded"] == 1)
        #expect(report["recordsNotDecoded"]?["unknownKind"] == 1)
    }

    @Test func restoreWithFormatsAppliesTheRecordedDefaults() throws {
        try storeInboxRecord(#"{"version":2,"query":"from:ann","sort":"sender"}"#, scene: "mail", version: 2)
        let before = stateFile.folder.contents("state.sqlite")
        let run = CapturedRun(["restore", "--db", stateFile.path, "--scene", "mail", "--kind", "inbox", "--formats", formats, "--json"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        #expect(stateFile.folder.contents("state.sqlite") == before)
        let restored = try json(run)
        #expect(restored["kind"] == "inbox")
        #expect(
            restored["state"] == ["version": 2, "filters": ["flaggedOnly": false, "unreadOnly": false], "query": "from:ann", "selectedID": nil, "sort": "sender"])
        #expect(restored["report"] == [["code": "defaults-applied", "detail": "absent fields got their defaults: filters, selectedID"]])
    }

    /// A restore of an app's kind that crashed a launch is shown as a launch would take it
    /// (`restore-crashed`, the default state), without moving anything: the tool restored the
    /// record as if nothing had happened, where the built-in kinds said it crashed.
    @Test func restoreWithFormatsReportsACrashedRestoreAsALaunchWould() throws {
        try storeInboxRecord(#"{"version":2,"query":"from:ann","sort":"sender"}"#, scene: "mail", version: 2)
        try LaunchGuardFile.leaveMarksOfAKilledProcess(beside: stateFile.path, [LaunchGuardMark(account: "default", scene: "mail", kind: "inbox")])
        let before = stateFile.folder.contents("state.sqlite")
        let run = CapturedRun(["restore", "--db", stateFile.path, "--scene", "mail", "--kind", "inbox", "--formats", formats, "--json"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(stateFile.folder.contents("state.sqlite") == before)
        let restored = try json(run)
        #expect(restored["state"]?["query"] == "", "\(run.stdout)")
        guard case .array(let report)? = restored["report"], report.count == 1, case .string(let detail)? = report[0]["detail"] else {
            Issue.record("report: \(run.stdout)")
            return
        }
        #expect(report[0]["code"] == "restore-crashed")
        #expect(detail.contains("a launch would move it to the quarantine"), "\(detail)")
        // Another scene of the kind is restored as stored.
        try storeInboxRecord(#"{"version":2,"query":"to:bob","sort":"sender"}"#, scene: "other", version: 2)
        let other = try json(CapturedRun(["restore", "--db", stateFile.path, "--scene", "other", "--kind", "inbox", "--formats", formats, "--json"]))
        #expect(other["state"]?["query"] == "to:bob")
    }

    /// The text output lists the state's fields, not the record's envelope.
    @Test func restoresTextOutputListsTheStatesFieldsWithoutTheEnvelope() throws {
        try storeInboxRecord(#"{"version":2,"minReaderVersion":2,"query":"from:ann","sort":"sender"}"#, scene: "mail", version: 2)
        let run = CapturedRun(["restore", "--db", stateFile.path, "--scene", "mail", "--kind", "inbox", "--formats", formats])
        #expect(run.exitCode == 0, "\(run.stderr)")
        let fields = run.stdout.split(separator: "\n").dropFirst().first.map(String.init) ?? ""
        #expect(fields.contains("query: \"from:ann\"") && !fields.contains("minReaderVersion") && !fields.contains("version"), "\(run.stdout)")
    }

    @Test func restoreWithFormatsShowsAMalformedRecordAsTheDefaultAndLeavesItInPlace() throws {
        try storeInboxRecord(#"{"version":2,"query":7}"#, scene: "mail", version: 2)
        let before = stateFile.folder.contents("state.sqlite")
        let run = CapturedRun(["restore", "--db", stateFile.path, "--scene", "mail", "--kind", "inbox", "--formats", formats, "--json"])
        #expect(run.exitCode == 0)
        #expect(stateFile.folder.contents("state.sqlite") == before)
        let restored = try json(run)
        #expect(restored["state"]?["query"] == "")
        #expect(restored["report"]?.firstElement?["code"] == "record-unreadable")
        #expect(CapturedRun(["quarantine", "list", "--db", stateFile.path, "--json"]).stdout.contains("[]"))
    }

    @Test func restoreWithFormatsLaysCurrentDefaultsOverAnOlderRecordAndSaysItIsNotUpgraded() throws {
        try storeInboxRecord(#"{"version":1,"search":"old","sort":"sender"}"#, scene: "mail", version: 1)
        let restored = try json(CapturedRun(["restore", "--db", stateFile.path, "--scene", "mail", "--kind", "inbox", "--formats", formats, "--json"]))
        #expect(restored["state"]?["version"] == 2)
        #expect(restored["state"]?["sort"] == "sender")
        #expect(restored["state"]?["query"] == "")
        #expect(restored["state"]?["search"] == nil)
        #expect(restored["report"]?.firstElement?["code"] == "record-not-upgraded")
        guard case .string(let detail)? = restored["report"]?.firstElement?["detail"] else {
            Issue.record("no report detail")
            return
        }
        #expect(detail.hasSuffix("fields format 2 does not know are not shown: search"))
        let check = try json(CapturedRun(["check", "--db", stateFile.path, "--formats", formats, "--json"]))
        #expect(check["recordsDecoded"] == 1)
    }

    @Test func saveWithFormatsRefusesARecordThatDoesNotFitItsFormatsShapeAndWritesNothing() throws {
        let run = CapturedRun(["save", "--db", stateFile.path, "--scene", "mail", "--kind", "inbox", "--formats", formats, "--state", try recordFile(#"{"version":2,"filters":{"unreadOnly":"yes"}}"#)])
        #expect(run.exitCode == 65)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("record does not fit the recorded shape of format 2: `filters.unreadOnly` is string \"yes\", not a boolean"))
        #expect(!FileManager.default.fileExists(atPath: stateFile.path))
        let older = CapturedRun(["save", "--db", stateFile.path, "--scene", "mail", "--kind", "inbox", "--formats", formats, "--state", try recordFile(#"{"search":1}"#)])
        #expect(older.exitCode == 65)
        #expect(older.stderr.contains("format 1: `search` is integer 1, not a string"))
    }

    @Test func inspectOfAnUnknownKindPrintsItsRecordsRaw() throws {
        try storeInboxRecord(#"{"version":2,"query":"x"}"#, scene: "mail", version: 2)
        let text = CapturedRun(["inspect", "--db", stateFile.path, "--kind", "inbox"])
        #expect(text.exitCode == 0)
        #expect(text.stdout.contains("\tinbox\tv2\t"))
        #expect(text.stdout.contains("unknown-kind: a kind this build does not know; kept untouched\n    raw: {\"version\":2,\"query\":\"x\"}\n"))
        let listed = try json(CapturedRun(["inspect", "--db", stateFile.path, "--kind", "inbox", "--json"]))
        #expect(listed["records"]?.firstElement?["raw"] == #"{"version":2,"query":"x"}"#)
        let overall = try json(CapturedRun(["inspect", "--db", stateFile.path, "--json"]))
        #expect(overall["records"]?.firstElement?["decodable"] == "unknown-kind")
        #expect(overall["records"]?.firstElement?["raw"] == nil)
        let decoded = try json(CapturedRun(["inspect", "--db", stateFile.path, "--kind", "inbox", "--formats", formats, "--json"]))
        #expect(decoded["records"]?.firstElement?["decodable"] == "yes")
        #expect(decoded["records"]?.firstElement?["raw"] == nil)
    }

    @Test(arguments: [["restore", "--db", "DB", "--scene", "mail", "--kind", "inbox"], ["save", "--db", "DB", "--scene", "mail", "--kind", "inbox", "--state", "-"]])
    func restoreAndSaveOfAnAppsKindWithoutFormatsIsAUsageErrorNamingFormats(arguments: [String]) {
        let run = CapturedRun(arguments.map { $0 == "DB" ? stateFile.path : $0 })
        #expect(run.exitCode == 64)
        #expect(
            run.stderr
                == "restorectl \(arguments[0]): unknown --kind 'inbox'; known kinds: catalog, notes, zones; an app's kind needs --formats DIR, the folder of its recorded formats\n"
        )
        #expect(!FileManager.default.fileExists(atPath: stateFile.path))
    }

    @Test func aMissingFormatsFolderExits66AndAMalformedFormatFileExits65() throws {
        #expect(CapturedRun(["save", "--db", stateFile.path, "--scene", "main", "--state", PackageFolders.path("records/v3-viewport.json")]).exitCode == 0)
        let before = stateFile.folder.contents("state.sqlite")
        let missing = CapturedRun(["check", "--db", stateFile.path, "--formats", stateFile.path("nowhere")])
        #expect(missing.exitCode == 66)
        #expect(missing.stderr == "restorectl: formats \(stateFile.path("nowhere")): no such directory\n")

        let broken = stateFile.folder.url.appendingPathComponent("formats/inbox")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        try Data(#"{"kind": "inbox", "version": 2}"#.utf8).write(to: broken.appendingPathComponent("shape-v2.json"))
        for arguments in [
            ["check", "--db", stateFile.path], ["inspect", "--db", stateFile.path],
            ["restore", "--db", stateFile.path, "--scene", "mail", "--kind", "inbox"],
            ["save", "--db", stateFile.path, "--scene", "mail", "--kind", "inbox", "--state", PackageFolders.path("records/v3-viewport.json")],
        ] {
            let run = CapturedRun(arguments + ["--formats", stateFile.path("formats")])
            #expect(run.exitCode == 65, "\(arguments[0])")
            #expect(run.stdout.isEmpty)
            #expect(run.stderr == "restorectl: invalid formats \(stateFile.path("formats")): \(broken.path)/shape-v2.json: \"shape\" is missing\n")
        }
        #expect(stateFile.folder.contents("state.sqlite") == before)

        // A folder or a FIFO under a format file's name is an invalid folder too (it was 74,
        // in Foundation's words, and a FIFO was opened).
        try FileManager.default.removeItem(at: broken.appendingPathComponent("shape-v2.json"))
        for makeOdd in [
            { try FileManager.default.createDirectory(at: broken.appendingPathComponent("shape-v2.json"), withIntermediateDirectories: false) },
            { try #require(mkfifo(broken.appendingPathComponent("shape-v2.json").path, 0o600) == 0) },
        ] {
            try makeOdd()
            let run = CapturedRun(["check", "--db", stateFile.path, "--formats", stateFile.path("formats")])
            #expect(run.exitCode == 65 && run.stderr.contains("it is not a regular file"), "\(run.stderr)")
            try FileManager.default.removeItem(at: broken.appendingPathComponent("shape-v2.json"))
        }
        #expect(stateFile.folder.contents("state.sqlite") == before)
    }
}
