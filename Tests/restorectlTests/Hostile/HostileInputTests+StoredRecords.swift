import Foundation
import JSON
import ScreenKinds
import StateRestore
import StateStore
import TestSupport
import Testing

/// Records planted by raw SQL, as another program or a damaged disk might leave them:
/// `check` and `inspect` name the problem without writing, `restore` exits 0 with a report and
/// writes nothing either, and an app's launch moves what it cannot use to the quarantine.
extension HostileInputTests {
    struct PlantedRecord: Sendable, CustomTestStringConvertible {
        let label: String
        /// SQL expressions for the `version` and `payload` columns of scene "main".
        let version: String
        let payload: String
        /// What `inspect` says of it, and the problem `check` lists (nil: healthy).
        let decodable: String
        let checkProblem: String?
        /// The report codes of the first restore, and the quarantine reason (nil: not moved).
        let report: [String]
        let quarantineReason: String?

        var testDescription: String { label }
    }

    static let plantedRecords: [PlantedRecord] = [
        PlantedRecord(
            label: "invalid UTF-8 stored as TEXT", version: "3", payload: "CAST(X'7B227175657279223A2261FF62227D' AS TEXT)",
            decodable: "unreadable", checkProblem: "string is not valid UTF-8", report: ["record-unreadable"], quarantineReason: "unreadable"
        ),
        PlantedRecord(
            label: "binary garbage stored as a BLOB", version: "3", payload: "X'00FF10C3'",
            decodable: "unreadable", checkProblem: "record is not valid JSON", report: ["record-unreadable"], quarantineReason: "unreadable"
        ),
        PlantedRecord(
            label: "a valid record stored as a BLOB", version: "3",
            payload: #"CAST('{"version":3,"query":"","selectedID":8,"showsOnlySelected":false,"viewport":null}' AS BLOB)"#,
            decodable: "yes", checkProblem: nil, report: [], quarantineReason: nil
        ),
        PlantedRecord(
            label: "a 2 MiB payload", version: "3", payload: "hex(zeroblob(1048576))",
            decodable: "unreadable", checkProblem: "record is 2097152 bytes, over the limit", report: ["record-unreadable"], quarantineReason: "oversized"
        ),
        PlantedRecord(
            label: "100,000-deep nesting", version: "3", payload: "'{\"x\":' || replace(hex(zeroblob(50000)), '0', '[') || replace(hex(zeroblob(50000)), '0', ']') || '}'",
            decodable: "unreadable", checkProblem: "nested deeper than 64 levels", report: ["record-unreadable"], quarantineReason: "unreadable"
        ),
        PlantedRecord(
            label: "an empty payload", version: "3", payload: "''",
            decodable: "unreadable", checkProblem: "unexpected end of input", report: ["record-unreadable"], quarantineReason: "unreadable"
        ),
        PlantedRecord(
            label: "version column 9, payload format 1", version: "9", payload: #"'{"query":"","selectedID":8}'"#,
            decodable: "yes", checkProblem: nil, report: ["record-upgraded", "defaults-applied"], quarantineReason: nil
        ),
        PlantedRecord(
            label: "version column 1, payload format 3", version: "1",
            payload: #"'{"version":3,"query":"","selectedID":8,"showsOnlySelected":false,"viewport":null}'"#,
            decodable: "yes", checkProblem: nil, report: [], quarantineReason: nil
        ),
        PlantedRecord(
            label: "version column text", version: "'three'",
            payload: #"'{"version":3,"query":"","selectedID":8,"showsOnlySelected":false,"viewport":null}'"#,
            decodable: "yes", checkProblem: nil, report: [], quarantineReason: nil
        ),
        PlantedRecord(
            label: "offset NaN-like in a stored record", version: "3",
            payload: #"'{"version":3,"query":"","selectedID":8,"showsOnlySelected":false,"viewport":{"anchorID":10,"offset":-1e999,"before":[],"after":[]}}'"#,
            decodable: "yes", checkProblem: nil, report: ["offset-clamped"], quarantineReason: nil
        ),
    ]

    /// Creates the database and plants scene "main" with `version` and `payload` (SQL expressions).
    func plant(version: String, payload: String) throws {
        #expect(CapturedRun(["migrate", "--db", stateFile.path]).exitCode == 0)
        let db = try Database(path: stateFile.path)
        defer { db.close() }
        try db.execute("INSERT INTO scene_state (account, scene, version, payload, updated_at) VALUES ('default', 'main', \(version), \(payload), 0)")
    }

    @Test(arguments: plantedRecords)
    func plantedRecordIsReportedByCheckAndInspectAndRestoreNeverFails(planted: PlantedRecord) throws {
        try plant(version: planted.version, payload: planted.payload)
        let before = try #require(stateFile.folder.contents("state.sqlite"))

        let check = CapturedRun(["check", "--db", stateFile.path])
        #expect(check.exitCode == (planted.checkProblem == nil ? 0 : 1))
        if let problem = planted.checkProblem {
            #expect(check.stdout.contains(#"problem: catalog record of scene "main" of account "default": "#), "\(check.stdout)")
            #expect(check.stdout.contains(problem), "\(check.stdout)")
        }
        let inspect = CapturedRun(["inspect", "--db", stateFile.path, "--json"])
        #expect(inspect.exitCode == 0)
        #expect(try JSONValue.parse(inspect.stdout)["records"]?.firstElement?["decodable"] == .string(planted.decodable))
        #expect(stateFile.folder.contents("state.sqlite") == before, "check or inspect wrote")

        let restored = try restoreMain(against: PackageFolders.path("documents/original.json"))
        #expect(Self.reportCodes(restored) == planted.report)
        let expectedSelection: JSONValue = planted.quarantineReason == nil ? 8 : .null
        #expect(restored["state"]?["selectedID"] == expectedSelection)
        #expect(stateFile.folder.contents("state.sqlite") == before, "the tool's restore wrote")
        // The app's launch moves to the quarantine what the tool's restore only reported.
        try AppLaunch.restoreCatalog(at: stateFile.path)

        let after = try JSONValue.parse(CapturedRun(["inspect", "--db", stateFile.path, "--json"]).stdout)
        if let reason = planted.quarantineReason {
            #expect(after["records"] == [])
            #expect(after["quarantine"]?.firstElement?["reason"] == .string(reason))
            #expect(CapturedRun(["check", "--db", stateFile.path]).stdout.contains("problem: quarantine holds record 1"))
            #expect(Self.reportCodes(try restoreMain(against: PackageFolders.path("documents/original.json"))) == ["no-record"])
        } else {
            #expect(after["quarantine"] == [])
        }
    }

    @Test func quarantineKeepsThePlantedBytesExactly() throws {
        let bytes: [UInt8] = [0x7B, 0xFF, 0x00, 0xFE, 0x7D]
        try plant(version: "3", payload: "X'7BFF00FE7D'")
        try AppLaunch.restoreCatalog(at: stateFile.path)
        let store = try Store(readingExistingFileAt: stateFile.path)
        defer { store.close() }
        #expect(try store.quarantinedRecords().map(\.payload) == [Data(bytes)])
    }

    /// The save guard runs `json_extract` over a newer stored payload; malformed JSON or a BLOB
    /// there must leave the guard's answer (kept, exit 65), not an SQL error (exit 70).
    @Test(arguments: ["'{not json'", "X'00FF'", #"'{"minReaderVersion":"1"}'"#, #"'{"minReaderVersion":[1]}'"#])
    func savingOverAMalformedNewerRecordIsRefusedNotAnInternalError(payload: String) throws {
        try plant(version: "9", payload: payload)
        let before = try #require(stateFile.folder.contents("state.sqlite"))
        let record = PackageFolders.path("records/v3-minimal.json")
        let refused = CapturedRun(["save", "--db", stateFile.path, "--scene", "main", "--state", record])
        Self.expectOneLineFailure(refused, exitCode: 65, mentioning: "--replace-newer")
        #expect(stateFile.folder.contents("state.sqlite") == before)
        let replaced = CapturedRun(["save", "--db", stateFile.path, "--scene", "main", "--state", record, "--replace-newer"])
        #expect(replaced.exitCode == 0, "\(replaced.stderr)")
    }

    /// Names outside the rules that only raw SQL can store still list without a crash.
    @Test func plantedNamesBeyondTheRulesAreListed() throws {
        #expect(CapturedRun(["migrate", "--db", stateFile.path]).exitCode == 0)
        let db = try Database(path: stateFile.path)
        try db.execute("PRAGMA ignore_check_constraints = ON")
        try db.execute(
            "INSERT INTO scene_state (account, scene, version, payload, updated_at) VALUES (CAST(X'61FF62' AS TEXT), hex(zeroblob(1500)), 3, ?, 0)",
            [.text(#"{"version":3}"#)]
        )
        db.close()
        let inspect = CapturedRun(["inspect", "--db", stateFile.path, "--json"])
        #expect(inspect.exitCode == 0)
        let listed = try #require(try JSONValue.parse(inspect.stdout)["records"]?.firstElement)
        #expect(listed["account"] == "a\u{FFFD}b")
        #expect(listed["scene"] == .string(String(repeating: "0", count: 3_000)))
        #expect(CapturedRun(["check", "--db", stateFile.path]).exitCode == 0)
    }
}
