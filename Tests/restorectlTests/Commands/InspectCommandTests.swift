import Foundation
import JSON
import ScreenKinds
import StateRestore
import TestSupport
import Testing

@testable import restorectl

@Suite struct InspectCommandTests {
    let file: StateFile

    init() throws { file = try StateFile() }

    @Test func jsonListsEveryRecordWithItsFields() throws {
        for (scene, record) in [("main", "v3-viewport.json"), ("legacy", "v1.json"), ("future", "v5-no-min-reader.json"), ("bridge", "v4-min-reader-3.json")] {
            #expect(CapturedRun(["save", "--db", file.path, "--scene", scene, "--account", "alice", "--state", PackageFolders.path("records/\(record)")]).exitCode == 0)
        }
        let before = file.folder.contents("state.sqlite")
        let run = CapturedRun(["inspect", "--db", file.path, "--json"])
        #expect(run.exitCode == 0)
        #expect(file.folder.contents("state.sqlite") == before)
        let json = try JSONValue.parse(Data(run.stdout.utf8))
        #expect(json["schemaVersion"] == .integer(Int64(try StateMigrations.makeMigrator().latestVersion)))
        guard case .array(let records)? = json["records"] else {
            Issue.record("no records")
            return
        }
        #expect(records.map { $0["scene"] } == ["bridge", "future", "legacy", "main"])
        #expect(records.map { $0["decodable"] } == ["yes", "newer", "yes", "yes"])
        #expect(records.map { $0["version"] } == [4, 5, 1, 3])
        // Stored as the app's build writes it: the canonical encoding of the record.
        let legacySize = try JSONValue.parse(#require(FileManager.default.contents(atPath: PackageFolders.path("records/v1.json")))).encoded().utf8.count
        #expect(records[2]["size"] == .integer(Int64(legacySize)))
        for record in records {
            #expect(record["account"] == "alice")
            guard case .string(let updated)? = record["updatedAt"] else {
                Issue.record("no updatedAt")
                continue
            }
            #expect(updated.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil, "\(updated)")
        }
        #expect(json["quarantine"] == [])
        #expect(json["shelfSnapshots"] == [])
    }

    @Test func textListsRecordsAndCounts() throws {
        let latest = try StateMigrations.makeMigrator().latestVersion
        #expect(CapturedRun(["save", "--db", file.path, "--scene", "main", "--state", PackageFolders.path("records/v2.json")]).exitCode == 0)
        let run = CapturedRun(["inspect", "--db", file.path])
        #expect(run.exitCode == 0)
        #expect(run.stdout.contains("schema version \(latest), 1 record(s)"))
        #expect(run.stdout.contains("default\tmain\tcatalog\tv2\t"))
        #expect(run.stdout.contains("quarantine: 0 record(s)"))
    }

    @Test func helpSaysAbsentKindListsEveryKind() {
        let run = CapturedRun(["inspect", "--help"])
        #expect(run.exitCode == 0)
        #expect(
            run.stdout.contains(
                "  --kind K       Only records of this kind: catalog, notes, zones, or any other kind name (default: every kind).\n"),
            "\(run.stdout)")
        #expect(!run.stdout.contains("default: catalog"))
    }

    @Test func missingFileExits66() {
        let run = CapturedRun(["inspect", "--db", file.path])
        #expect(run.exitCode == 66)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }
}
