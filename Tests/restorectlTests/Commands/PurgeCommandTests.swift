import Foundation
import JSON
import ScreenKinds
import StateRestore
import StateStore
import TestSupport
import Testing

@testable import restorectl

@Suite struct PurgeCommandTests {
    let file: StateFile

    init() throws { file = try StateFile() }

    @Test func purgeRemovesOneAccountAndLeavesNoTraceOfIt() throws {
        let secret = "{\"version\":3,\"query\":\"purge-me-7f3a\",\"selectedID\":null,\"showsOnlySelected\":false,\"viewport\":null}"
        #expect(CapturedRun(["save", "--db", file.path, "--scene", "main", "--account", "alice", "--state", "-"], input: Data(secret.utf8)).exitCode == 0)
        #expect(CapturedRun(["save", "--db", file.path, "--scene", "main", "--account", "bob", "--state", PackageFolders.path("records/v1.json")]).exitCode == 0)
        #expect(CapturedRun(["shelf", "save", "--db", file.path, "--shelf", "to-read", "--account", "alice", "--snapshot", "-"], input: Data(ShelfCommandTests.snapshot.utf8)).exitCode == 0)

        let run = CapturedRun(["purge", "--db", file.path, "--account", "alice"])
        #expect(run.exitCode == 0)
        #expect(run.stdout == "Purged account \"alice\": 1 record(s), 0 quarantined, 1 shelf snapshot(s).\n")

        let json = try JSONValue.parse(Data(CapturedRun(["inspect", "--db", file.path, "--json"]).stdout.utf8))
        guard case .array(let records)? = json["records"] else {
            Issue.record("no records")
            return
        }
        #expect(records.map { $0["account"] } == ["bob"])
        #expect(json["shelfSnapshots"] == [])
        for suffix in ["", "-wal"] {
            let bytes = FileManager.default.contents(atPath: file.path + suffix) ?? Data()
            #expect(bytes.range(of: Data("purge-me-7f3a".utf8)) == nil, "the purged query is still in state.sqlite\(suffix)")
        }
    }

    /// A purge whose log another connection keeps from being checkpointed is committed all the
    /// same, and says so: the "Purged" line, then exit 75 naming the file and the `-wal` that
    /// hold the deleted bytes until a checkpoint (it once answered success with the bytes
    /// there). The next purge, with no one reading, clears them.
    @Test func aPurgeWhoseLogAReaderHoldsSaysTheBytesRemainAndTheNextOneClearsThem() throws {
        let secret = "{\"version\":3,\"query\":\"purge-me-9c1d\",\"selectedID\":null,\"showsOnlySelected\":false,\"viewport\":null}"
        #expect(CapturedRun(["save", "--db", file.path, "--scene", "main", "--account", "alice", "--state", "-"], input: Data(secret.utf8)).exitCode == 0)
        #expect(CapturedRun(["save", "--db", file.path, "--scene", "main", "--account", "bob", "--state", PackageFolders.path("records/v1.json")]).exitCode == 0)
        // A connection of an app's (one that may write: a read-only one opened on a file
        // whose log is gone reads the file alone, in rollback mode, and holds no log).
        let reader = try Store(path: file.path, migrator: StateMigrations.makeMigrator())
        let run = try reader.database.readTransaction {
            _ = try reader.record(account: "bob", scene: "main", kind: "catalog")
            return CapturedRun(["purge", "--db", file.path, "--account", "alice"])
        }
        reader.close()
        #expect(run.exitCode == 75, "\(run.stderr)")
        #expect(run.stdout == "Purged account \"alice\": 1 record(s), 0 quarantined, 0 shelf snapshot(s).\n")
        #expect(run.stderr.contains("the purge is committed, but the deleted bytes remain in \(file.path) and \(file.path)-wal until a checkpoint completes"), "\(run.stderr)")
        #expect(run.stderr.contains("another connection is reading the file"), "\(run.stderr)")
        let listed = try JSONValue.parse(Data(CapturedRun(["inspect", "--db", file.path, "--json"]).stdout.utf8))
        guard case .array(let records)? = listed["records"] else {
            Issue.record("no records")
            return
        }
        #expect(records.map { $0["account"] } == ["bob"])

        let again = CapturedRun(["purge", "--db", file.path, "--account", "alice"])
        #expect(again.exitCode == 0, "\(again.stderr)")
        for suffix in ["", "-wal"] {
            let bytes = FileManager.default.contents(atPath: file.path + suffix) ?? Data()
            #expect(bytes.range(of: Data("purge-me-9c1d".utf8)) == nil, "the purged query is still in state.sqlite\(suffix)")
        }
    }

    /// A purge rewrites every page of the file after its deletion (`VACUUM`), so no page keeps
    /// a copy of a deleted record in its unused space. On a disk without room for that rewrite
    /// the deletion is still committed: the tool prints it, says copies may remain in the file
    /// and exits 74; the next purge, with room again, rewrites the pages and exits 0.
    @Test(.enabled(if: TestHost.canMountTmpfs, "mounts a tmpfs: needs root and a mount namespace"))
    func aPurgeWithoutRoomToRewriteThePagesSaysSoAndTheNextOneRewritesThem() throws {
        let mount = try #require(try ScratchMount(tmpfsSize: "2m"))
        defer { mount.unmount() }
        let db = mount.path("state.sqlite")
        let store = try Store(path: db, migrator: StateMigrations.makeMigrator())
        let padding = String(repeating: "p", count: 100)
        try store.writeTransaction {
            for index in 0..<3_000 {
                let account = index < 300 ? "leaving" : "staying"
                try store.saveRecord("{\"query\":\"\(account)-\(index)-\(padding)\"}", version: 1, account: account, scene: "s\(index)", kind: "catalog")
            }
        }
        store.close()
        let size = try #require(try FileManager.default.attributesOfItem(atPath: db)[.size] as? Int)
        try mount.fill()
        // Room for the deletion's pages in the log, not for a rewrite of every page.
        let filler = mount.path("filler")
        let filled = try #require(try FileManager.default.attributesOfItem(atPath: filler)[.size] as? Int)
        #expect(truncate(filler, off_t(filled - size / 3)) == 0)

        let run = CapturedRun(["purge", "--db", db, "--account", "leaving"])
        #expect(run.exitCode == 74, "\(run.stderr)")
        #expect(run.stdout == "Purged account \"leaving\": 300 record(s), 0 quarantined, 0 shelf snapshot(s).\n")
        #expect(run.stderr.contains("the purge is committed, but copies of deleted records may remain in unused space of \(db)"), "\(run.stderr)")
        #expect(run.stderr.contains("could not be rewritten"), "\(run.stderr)")

        try mount.emptyFiller()
        let again = CapturedRun(["purge", "--db", db, "--account", "leaving"])
        #expect(again.exitCode == 0, "\(again.stderr)")
        #expect(again.stdout == "Purged account \"leaving\": 0 record(s), 0 quarantined, 0 shelf snapshot(s).\n")
        let reopened = try Store(path: db, migrator: StateMigrations.makeMigrator())
        defer { reopened.close() }
        #expect(try reopened.recordSummaries().count == 2_700)
        #expect(try reopened.integrityProblems().isEmpty)
    }

    @Test func missingDatabaseExits66AndIsNotCreated() {
        let run = CapturedRun(["purge", "--db", file.path, "--account", "alice"])
        #expect(run.exitCode == 66)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    /// A name no build could have stored (empty, past 1,024 bytes) is refused (65) and the file
    /// is left as it was: `purge` wrote the account's sign-out generation first.
    @Test func anAccountNameNoBuildCouldStoreIsRefusedAndNothingIsWritten() throws {
        #expect(CapturedRun(["save", "--db", file.path, "--scene", "main", "--state", PackageFolders.path("records/v1.json")]).exitCode == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: file.path))
        for account in ["", String(repeating: "\u{E9}", count: 600)] {
            let run = CapturedRun(["purge", "--db", file.path, "--account", account])
            #expect(run.exitCode == 65 && run.stderr.contains("invalid account name"), "\(run.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == before)
    }

    @Test func accountIsRequired() {
        let run = CapturedRun(["purge", "--db", file.path])
        #expect(run.exitCode == 64)
        #expect(run.stderr == "restorectl purge: missing required option --account\n")
    }
}
