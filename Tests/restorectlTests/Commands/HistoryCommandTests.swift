import Foundation
import JSON
import StateStore
import TestSupport
import Testing

@testable import restorectl

/// `restorectl history` lists a record and its earlier records (read only); `restorectl
/// rollback` puts one back (`--to N`, `--before-build B`) through the tool's write gate, and
/// writes nothing on bad input or when nothing matches. The file is `Fixtures/schema/v5.sql`,
/// whose `default/main` catalog record has two earlier records by two builds.
@Suite struct HistoryCommandTests {
    let file: StateFile

    init() throws {
        file = try StateFile()
        try SchemaBuild.schema5.makeFile(at: file.path)
    }

    private func history(_ extra: [String] = []) -> CapturedRun {
        CapturedRun(["history", "--db", file.path, "--scene", "main", "--kind", "catalog"] + extra)
    }

    /// The builds of the record (number 0) and its history, newest first.
    private func builds() throws -> [String] {
        let json = try JSONValue.parse(Data(history(["--json"]).stdout.utf8))
        guard case .array(let records)? = json["records"] else { return [] }
        return records.map { if case .string(let build)? = $0["build"] { build } else { "-" } }
    }

    @Test func historyListsTheRecordAndEachEarlierOneWithItsBuildAndTimes() throws {
        let run = history()
        #expect(run.exitCode == 0 && run.stderr.isEmpty)
        #expect(
            run.stdout == """
                number\tversion\tmin-reader\tbuild\tupdated\treplaced\tbytes
                0\t3\t-\t1.5.0 (840)\t2025-11-24T16:00:00.500Z\t-\t142
                1\t3\t-\t1.4.2 (812)\t2025-11-24T15:43:20.000Z\t2025-11-24T16:00:00.500Z\t85
                2\t3\t-\t1.4.1 (790)\t2025-11-24T15:26:40.000Z\t2025-11-24T15:43:20.000Z\t81

                """)
        let json = try JSONValue.parse(Data(history(["--json"]).stdout.utf8))
        #expect(json["kind"] == "catalog" && json["scene"] == "main" && json["account"] == "default")
        #expect(try builds() == ["1.5.0 (840)", "1.4.2 (812)", "1.4.1 (790)"])
    }

    /// `history` and `rollback` agree on a scene with nothing of the kind: 66, and a wrong
    /// `--account` is named with the accounts that hold the scene.
    @Test func aSceneWithNothingOfTheKindExits66InHistoryAsInRollbackNamingTheAccountsThatHoldIt() throws {
        let none = CapturedRun(["history", "--db", file.path, "--scene", "elsewhere", "--kind", "notes"])
        #expect(none.exitCode == 66 && none.stdout.isEmpty && none.stderr == "restorectl: scene \"elsewhere\" has no notes record and no history\n", "\(none.stderr)")
        let before = file.folder.contents("state.sqlite")
        for verb in [["history"], ["rollback", "--to", "1"]] {
            let run = CapturedRun(verb + ["--db", file.path, "--scene", "main", "--kind", "catalog", "--account", "bob"])
            #expect(run.exitCode == 66, "\(verb): \(run.stderr)")
            #expect(
                run.stderr.hasPrefix(
                    "restorectl: scene \"main\" of account \"bob\" has no catalog record and no history (account \"default\" holds one for a scene of that name: check --account)"),
                "\(run.stderr)")
        }
        #expect(file.folder.contents("state.sqlite") == before)
    }

    @Test func rollbackToAnEntryPutsItBackAndKeepsTheReplacedOne() throws {
        let run = CapturedRun(["rollback", "--db", file.path, "--scene", "main", "--kind", "catalog", "--to", "2"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Put back earlier record #2 (format 3, build 1.4.1 (790), saved 2025-11-24T15:26:40.000Z)"))
        #expect(run.stdout.hasSuffix("the record it replaced is #1 of its history.\n"), "\(run.stdout)")
        #expect(try builds() == ["1.4.1 (790)", "1.5.0 (840)", "1.4.2 (812)"])
        let restored = CapturedRun(["restore", "--db", file.path, "--scene", "main", "--document", PackageFolders.path("documents/original.json"), "--json"])
        #expect(try JSONValue.parse(Data(restored.stdout.utf8))["state"]?["selectedID"] == 5, "\(restored.stdout)")
    }

    /// A rollback of a scene whose record went to the quarantine (its history stayed) replaces
    /// nothing and says so (it said the record it replaced was #1 of the history, which it
    /// left empty).
    @Test func rollbackWithNoRecordToReplaceSaysSo() throws {
        let older = try StateFile()
        try PersonalDatabase.load(PackageFolders.path("schema/v5.sql"), into: older.path)
        let run = CapturedRun(["rollback", "--db", older.path, "--scene", "sidebar", "--account", "alice", "--kind", "zones", "--to", "1"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(run.stdout.hasSuffix("; there was no record to replace.\n"), "\(run.stdout)")
    }

    @Test func rollbackBeforeABuildPutsBackTheNewestRecordItDidNotWrite() throws {
        let dry = CapturedRun(["rollback", "--db", file.path, "--scene", "main", "--kind", "catalog", "--before-build", "1.5.0 (840)", "--dry-run"])
        #expect(dry.exitCode == 0 && dry.stdout.hasPrefix("Would put back earlier record #1 (format 3, build 1.4.2 (812)"), "\(dry.stdout)")
        #expect(try builds() == ["1.5.0 (840)", "1.4.2 (812)", "1.4.1 (790)"], "a dry run writes nothing")
        let run = CapturedRun(["rollback", "--db", file.path, "--scene", "main", "--kind", "catalog", "--before-build", "1.5.0 (840)"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(try builds() == ["1.4.2 (812)", "1.5.0 (840)", "1.4.1 (790)"])
    }

    @Test(arguments: [
        (["--to", "1", "--before-build", "1.5.0 (840)"], 64, "restorectl rollback: give exactly one of --to N and --before-build B"),
        ([], 64, "restorectl rollback: give exactly one of --to N and --before-build B"),
        (["--to", "0"], 64, "restorectl rollback: --to takes an earlier record's number, 1 or more"),
        (["--to", "3"], 66, "restorectl: the record's history has 2 earlier record(s), so there is no #3; nothing was changed"),
        (["--before-build", "9.9"], 65, "restorectl: the record was not written by build 9.9 (it was written by build 1.5.0 (840)); nothing was changed"),
        (["--to", "1", "--kind", "Not A Kind"], 64, "restorectl rollback: --kind 'Not A Kind' is not a kind name"),
        (["--to", "1", "--scene", "nowhere"], 66, "restorectl: scene \"nowhere\" has no catalog record and no history; nothing was changed"),
    ])
    func badRollbackInputIsAClearErrorAndWritesNothing(extra: [String], exitCode: Int32, message: String) throws {
        let before = file.folder.contents("state.sqlite")
        var arguments = ["rollback", "--db", file.path, "--scene", "main", "--kind", "catalog"]
        for (index, word) in extra.enumerated() where index % 2 == 0 && ["--kind", "--scene"].contains(word) {
            if let at = arguments.firstIndex(of: word) { arguments[at + 1] = extra[index + 1] }
        }
        arguments += extra.enumerated().filter { index, word in
            !(["--kind", "--scene"].contains(word) || (index > 0 && ["--kind", "--scene"].contains(extra[index - 1])))
        }.map(\.element)
        let run = CapturedRun(arguments)
        #expect(run.exitCode == exitCode, "\(run.stderr)")
        #expect(run.stderr.hasPrefix(message) && run.stderr.hasSuffix("\n") && run.stdout.isEmpty, "\(run.stderr)")
        #expect(file.folder.contents("state.sqlite") == before)
        #expect(try builds() == ["1.5.0 (840)", "1.4.2 (812)", "1.4.1 (790)"])
    }
}
