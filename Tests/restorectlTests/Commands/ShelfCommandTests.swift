import Foundation
import JSON
import ScreenKinds
import StateRestore
import TestSupport
import Testing

@testable import restorectl

@Suite struct ShelfCommandTests {
    /// Two books and a draft renaming one of them, based on its current revision.
    static let snapshot = """
        {"version": 1, "fetchedAt": 1764000000,
         "books": [{"id": 3, "title": "Structure and Interpretation of Computer Programs", "revision": 2},
                   {"id": 16, "title": "The Little Schemer", "revision": 1}],
         "drafts": [{"bookID": 16, "baseRevision": 1, "proposedTitle": "The Little Schemer (4th ed.)"}]}
        """

    let file: StateFile

    init() throws { file = try StateFile() }

    private func save(_ snapshot: String, shelf: String = "to-read") -> CapturedRun {
        CapturedRun(["shelf", "save", "--db", file.path, "--shelf", shelf, "--snapshot", "-"], input: Data(snapshot.utf8))
    }

    private func restore(_ shelf: String = "to-read") throws -> JSONValue {
        let run = CapturedRun(["shelf", "restore", "--db", file.path, "--shelf", shelf, "--json"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        return try JSONValue.parse(Data(run.stdout.utf8))
    }

    @Test func saveThenRestoreKeepsRowsAndDrafts() throws {
        let saved = save(Self.snapshot)
        #expect(saved.exitCode == 0)
        #expect(saved.stdout == "Saved a snapshot of shelf \"to-read\" with 2 row(s) and 1 draft(s).\n")
        let json = try restore()
        #expect(json["isStale"] == true)
        #expect(json["fetchedAt"] == 1764000000.0)
        #expect(
            json["rows"] == [
                ["id": 3, "title": "Structure and Interpretation of Computer Programs", "revision": 2],
                ["id": 16, "title": "The Little Schemer", "revision": 1],
            ])
        #expect(json["drafts"] == [["bookID": 16, "baseRevision": 1, "proposedTitle": "The Little Schemer (4th ed.)", "conflict": false]])
        #expect(json["report"] == [])
    }

    @Test func draftForAMissingBookIsDroppedAndAnOldRevisionConflicts() throws {
        let snapshot = """
            {"version": 1, "fetchedAt": 1764000000,
             "books": [{"id": 3, "title": "SICP", "revision": 5}],
             "drafts": [{"bookID": 3, "baseRevision": 4, "proposedTitle": "SICP, 2nd ed."},
                        {"bookID": 99, "baseRevision": 1, "proposedTitle": "Gone"}]}
            """
        #expect(save(snapshot).exitCode == 0)
        let json = try restore()
        #expect(json["drafts"] == [["bookID": 3, "baseRevision": 4, "proposedTitle": "SICP, 2nd ed.", "conflict": true]])
        guard case .array(let report)? = json["report"] else {
            Issue.record("no report")
            return
        }
        // One entry per draft, in draft order.
        #expect(report.map { $0["code"] } == ["draft-conflict", "draft-dropped"])
    }

    @Test func unknownShelfRestoresEmptyWithNoRecord() throws {
        #expect(CapturedRun(["migrate", "--db", file.path]).exitCode == 0)
        let json = try restore("nothing-here")
        #expect(json["isStale"] == false)
        #expect(json["rows"] == [])
        #expect(json["report"]?.firstElement?["code"] == "no-record")
    }

    @Test func invalidSnapshotExits65AndWritesNothing() {
        let run = save(#"{"version": 1, "fetchedAt": 0, "books": [{"id": 1, "title": "A", "revision": 1}, {"id": 1, "title": "B", "revision": 1}], "drafts": []}"#)
        #expect(run.exitCode == 65)
        #expect(run.stderr.contains("invalid snapshot on standard input"))
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    /// An account no build could have stored is refused by `shelf list` as by every verb: it
    /// listed "No shelf snapshots." and exited 0.
    @Test func listingAnEmptyAccountIsRefused() {
        let run = CapturedRun(["shelf", "list", "--db", file.path, "--account", ""])
        #expect(run.exitCode == 65 && run.stderr.contains("the account name is empty"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func listShowsEverySnapshot() throws {
        #expect(save(Self.snapshot).exitCode == 0)
        #expect(save(Self.snapshot, shelf: "reading").exitCode == 0)
        let run = CapturedRun(["shelf", "list", "--db", file.path, "--json"])
        #expect(run.exitCode == 0)
        guard case .array(let snapshots) = try JSONValue.parse(Data(run.stdout.utf8)) else {
            Issue.record("not an array")
            return
        }
        #expect(Set(snapshots.compactMap { snapshot -> String? in if case .string(let shelf)? = snapshot["shelf"] { shelf } else { nil } }) == ["to-read", "reading"])
        #expect(snapshots.allSatisfy { $0["rows"] == 2 && $0["account"] == "default" && $0["version"] == 2 })
        #expect(snapshots.first?["fetchedAt"] == "2025-11-24T16:00:00.000Z")
    }
}
