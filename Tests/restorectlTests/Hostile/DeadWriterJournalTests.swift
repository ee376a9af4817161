import Foundation
import StateRestore
import StateStore
import TestSupport
import Testing

@testable import restorectl

/// A database beside the rollback journal a writer killed mid-transaction left (hot: it holds
/// the pages the transaction changed, and no process holds the file's lock). Only a writing open
/// rolls it back. The exit-code table: a reading verb may not, so it exits 74 saying so (`check`
/// said "cannot be read" and exited 1, a finding); a writing verb rolls it back and does its work
/// (`quarantine restore`, `quarantine drop` and `rollback` checked first with a reading open, and
/// exited 74 telling the user to run "any verb that saves").
@Suite struct DeadWriterJournalTests {
    let folder: TemporaryDirectory
    var db: String { folder.path("state.sqlite") }

    /// A database with one catalog record, an earlier one in its history and one record in the
    /// quarantine, then a copy of it and its journal taken while a writer's transaction was
    /// open in rollback-journal mode, after it spilled: the copy is what a killed writer leaves.
    init() throws {
        folder = try TemporaryDirectory()
        let source = folder.path("source.sqlite")
        for (scene, query) in [("main", "first"), ("main", "second"), ("broken", "third")] {
            let state = folder.path("\(query).json")
            try Data(#"{"version":3,"query":"\#(query)","selectedID":1,"showsOnlySelected":false,"viewport":null}"#.utf8).write(to: URL(fileURLWithPath: state))
            #expect(CapturedRun(["save", "--db", source, "--scene", scene, "--state", state]).exitCode == 0)
        }
        let store = try Store(path: source, migrator: StateMigrations.makeMigrator())
        try #require(try store.quarantineRecord(account: "default", scene: "broken", kind: "catalog", reason: .unreadable, error: "test") == 1)
        store.close()
        let writer = try Database(path: source, configuration: DatabaseConfiguration(access: .readWrite(createIfMissing: false)))
        // A transaction larger than the page cache spills: its journal is synced (the header's
        // magic written, which makes it hot) and changed pages go into the file itself.
        try writer.executeScript("PRAGMA journal_mode = DELETE; PRAGMA cache_size = 2")
        try writer.executeScript(
            """
            BEGIN IMMEDIATE;
            UPDATE scene_state SET updated_at = updated_at + 1;
            CREATE TABLE spill (bytes BLOB);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100) INSERT INTO spill SELECT randomblob(2000) FROM n;
            """)
        for suffix in ["", "-journal"] { try FileManager.default.copyItem(atPath: source + suffix, toPath: db + suffix) }
        try writer.executeScript("ROLLBACK")
        writer.close()
        try #require(FileManager.default.fileExists(atPath: db + "-journal"), "the writer's transaction left no journal to copy")
    }

    @Test func aReadingVerbExits74SayingOnlyAWritingOpenRollsItBack() {
        for arguments in [["check"], ["inspect"], ["status"], ["quarantine", "list"], ["history", "--scene", "main", "--kind", "catalog"]] {
            let run = CapturedRun(arguments + ["--db", db])
            #expect(run.exitCode == 74 && run.stderr.contains("left its rollback journal"), "\(arguments): \(run.exitCode) \(run.stderr) \(run.stdout)")
        }
        #expect(FileManager.default.fileExists(atPath: db + "-journal"), "a reading verb rolled the journal back")
    }

    /// `rollback` of a built-in kind, which keeps no history, then finds nothing to put back
    /// (66), once the journal is rolled back; the quarantine verbs do their work.
    @Test(
        arguments: [
            (["quarantine", "drop", "--id", "1"], Int32(0)), (["quarantine", "restore", "--id", "1"], Int32(0)),
            (["rollback", "--scene", "main", "--kind", "catalog", "--to", "1"], Int32(66)),
        ] as [([String], Int32)])
    func aWritingVerbRollsTheJournalBackAndDoesItsWork(arguments: [String], status: Int32) throws {
        let run = CapturedRun(arguments + ["--db", db])
        #expect(run.exitCode == status && !run.stderr.contains("rollback journal"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: db + "-journal"))
        // The dead writer's transaction is gone: its table and its change were rolled back.
        let reader = try Database(path: db, configuration: DatabaseConfiguration(access: .readOnly))
        defer { reader.close() }
        #expect(try reader.tableNames().contains("spill") == false)
    }

    /// A dry run writes nothing, so it does not roll the journal back either: 74, as a reading
    /// verb (it rolled it back since the reading check of a rollback did).
    @Test func aDryRunRollbackLeavesTheJournal() {
        let run = CapturedRun(["rollback", "--db", db, "--scene", "main", "--kind", "catalog", "--to", "1", "--dry-run"])
        #expect(run.exitCode == 74 && run.stderr.contains("left its rollback journal"), "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: db + "-journal"))
    }
}
