import Foundation
import JSON
import ScreenKinds
import StateRestore
import StateStore
import TestSupport
import Testing

@testable import restorectl

@Suite struct MigrateCommandTests {
    let file: StateFile

    init() throws { file = try StateFile() }

    @Test func migrateThenStatusReportsTheLatestVersionAndNothingPending() throws {
        let migrate = CapturedRun(["migrate", "--db", file.path])
        #expect(migrate.exitCode == 0)
        #expect(migrate.stderr.isEmpty)
        #expect(migrate.stdout.contains("Applied 0001_create_scene_state.sql (version 1)"))
        let status = CapturedRun(["status", "--db", file.path, "--json"])
        #expect(status.exitCode == 0)
        let json = try #require(try? JSONValue.parse(Data(status.stdout.utf8)))
        #expect(json["schemaVersion"] == json["latestVersion"])
        #expect(json["pending"] == .array([]))
        guard case .array(let applied)? = json["applied"] else {
            Issue.record("no applied list")
            return
        }
        #expect(applied.allSatisfy { $0["ok"] == .bool(true) })
        #expect(applied.count == (try Migrator().latestVersion))
        let db = try Database(path: file.path, configuration: .init(access: .readOnly))
        #expect(try db.fetchOne("PRAGMA integrity_check") { $0.string(0) } == "ok")
    }

    /// Two migrations at once: the second waits for the first one's write lock, then finds
    /// nothing left to apply, and says the version the file is at. It read the version before
    /// waiting and reported that: "fromVersion 2, schemaVersion 2, applied []" of a file the
    /// first had taken to the latest (found by an audit with two `restorectl migrate`).
    @Test func aMigrateThatWaitedForAnotherProcesssMigrationReportsTheVersionTheFileIsAt() throws {
        let latest = try Migrator().latestVersion
        let maker = try ChildProcess(stress: ["make-large", "--db", file.path, "--records", "20000", "--upTo", "2"])
        try maker.readLines(until: "made 20000")
        try #require(maker.waitForExit().isSuccess)
        // The first is inside migration 3's transaction once it reports records done.
        let first = try ChildProcess(stress: ["migrate", "--db", file.path])
        var upgrading = false
        while !upgrading, let line = first.nextLine() {
            let fields = line.split(separator: " ")
            upgrading = fields.count == 4 && fields[0] == "progress" && fields[1] == "3" && (Int(fields[2]) ?? 0) > 0
        }
        #expect(upgrading, "the first migration reported no batch of migration 3")
        let second = CapturedRun(["migrate", "--db", file.path, "--json"])
        try first.readLines(until: "migrated \(latest)")
        #expect(first.waitForExit().isSuccess)
        #expect(second.exitCode == 0, "\(second.stderr)")
        let json = try #require(try? JSONValue.parse(Data(second.stdout.utf8)))
        guard case .integer(let from)? = json["fromVersion"], case .integer(let to)? = json["schemaVersion"], case .array(let applied)? = json["applied"] else {
            Issue.record("unexpected migrate output: \(second.stdout)")
            return
        }
        #expect(to == Int64(latest))
        #expect(from + Int64(applied.count) == to, "\(second.stdout)")
    }

    /// A target is a schema version, 1 at least: `--to 0` on a missing path created an empty
    /// file of no schema and exited 0 (on an existing file it was already refused).
    /// A migration that runs out of space, wherever it stops (a statement, its commit), names
    /// the migration that failed and the schema version the file is left at, and that is the
    /// version the file has: it said only "database or disk is full while executing COMMIT",
    /// with two of three migrations applied.
    @Test(.enabled(if: TestHost.canMountTmpfs, "mounts a tmpfs: needs root and a mount namespace"))
    func aMigrationOutOfSpaceNamesTheMigrationAndTheVersionTheFileIsAt() throws {
        var failures = 0
        for freeKiB in stride(from: 32, through: 288, by: 32) {
            let mount = try #require(try ScratchMount(tmpfsSize: "512k"))
            let db = mount.path("state.sqlite")
            try PersonalDatabase.load(PackageFolders.path("schema/v2.sql"), into: file.path("v2-\(freeKiB).sqlite"))
            try FileManager.default.copyItem(atPath: file.path("v2-\(freeKiB).sqlite"), toPath: db)
            try mount.fill()
            var status = stat()
            #expect(stat(mount.path("filler"), &status) == 0 && truncate(mount.path("filler"), max(0, status.st_size - off_t(freeKiB * 1_024))) == 0)
            let run = CapturedRun(["migrate", "--db", db])
            let version = CapturedRun(["status", "--db", db]).stdout
            guard run.exitCode != 0 else { continue }
            #expect(run.exitCode == 74, "\(freeKiB) KiB free: \(run.stderr)")
            // No room for the backup: nothing was migrated.
            if run.stderr.contains("backup to \(db).backup-v2") {
                #expect(version.contains("schema version 2 of"), "\(freeKiB) KiB free: \(version)")
                continue
            }
            failures += 1
            let named = run.stderr.firstMatch(of: /migration (\d) \(\d{4}_[a-z_]+\.sql\) failed and was rolled back, so the file is at schema version (\d):/)
            #expect(named != nil, "\(freeKiB) KiB free: \(run.stderr)")
            if let named { #expect(version.contains("schema version \(named.2) of"), "\(freeKiB) KiB free: \(version)") }
        }
        #expect(failures > 0, "no fill level made a migration fail")
    }

    /// A new database whose creation runs out of space, wherever it stops (the staging file,
    /// a migration, its commit), leaves nothing at its path: it left a file at schema 0 to 4
    /// with up to 94 KB of log beside it, which later opens took for a database. The refusal
    /// names the path and the system's error. A save and a launch on the same disk likewise.
    @Test(.enabled(if: TestHost.canMountTmpfs, "mounts a tmpfs: needs root and a mount namespace"))
    func aNewDatabaseOutOfSpaceLeavesNothingAtItsPath() throws {
        var refused = 0
        for freeKiB in stride(from: 16, through: 160, by: 16) {
            let mount = try #require(try ScratchMount(tmpfsSize: "512k"))
            try mount.fill()
            var status = stat()
            #expect(stat(mount.path("filler"), &status) == 0 && truncate(mount.path("filler"), max(0, status.st_size - off_t(freeKiB * 1_024))) == 0)
            let db = mount.path("state.sqlite")
            for arguments in [["migrate", "--db", db], ["save", "--db", db, "--scene", "main", "--state", PackageFolders.path("records/v3-viewport.json")]] {
                let run = CapturedRun(arguments)
                guard run.exitCode != 0 else {
                    for suffix in ["", "-wal", "-shm"] { unlink(db + suffix) }
                    continue
                }
                refused += 1
                #expect(run.exitCode == 74, "\(freeKiB) KiB free, \(arguments[0]): \(run.stderr)")
                #expect(run.stderr.contains("ENOSPC") && run.stderr.contains(db), "\(freeKiB) KiB free, \(arguments[0]): \(run.stderr)")
                #expect(try FileManager.default.contentsOfDirectory(atPath: mount.root.path) == ["filler"], "\(freeKiB) KiB free, \(arguments[0])")
            }
            let launch = StateRestorer(path: db)
            try? launch.close()
            let left = try FileManager.default.contentsOfDirectory(atPath: mount.root.path).sorted()
            #expect(left == ["filler"] || left.contains("state.sqlite") && launch.databaseReport.isEmpty, "\(freeKiB) KiB free, a launch: \(left) \(launch.databaseReport)")
        }
        #expect(refused > 0, "no fill level refused a creation")
    }

    /// A dry run promises nothing the migration would refuse: in a folder that does not
    /// exist it printed a plan and exited 0, where `migrate` exits 73.
    @Test func aDryRunInAMissingFolderIsRefusedAsTheMigrationIs() {
        let path = file.folder.path("missing/state.sqlite")
        for arguments in [["migrate", "--dry-run"], ["migrate"]] {
            let run = CapturedRun(arguments + ["--db", path])
            #expect(run.exitCode == 73 && run.stderr.contains("cannot create \(path): ENOENT"), "\(arguments): \(run.stderr)")
            #expect(run.stdout.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: file.folder.path("missing")))
    }

    @Test func migratingANewFileToVersion0IsAUsageErrorAndCreatesNothing() {
        for arguments in [["migrate"], ["migrate", "--dry-run"]] {
            let run = CapturedRun(arguments + ["--db", file.path, "--to", "0"])
            #expect(run.exitCode == 64 && run.stderr.contains("schema versions start at 1"), "\(arguments): \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
    }

    @Test func dryRunOnAMissingFileCreatesNothing() {
        let run = CapturedRun(["migrate", "--db", file.path, "--dry-run"])
        #expect(run.exitCode == 0)
        #expect(run.stdout.contains("Would apply 0001_create_scene_state.sql"))
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func dryRunOnAnOlderDatabaseChangesNothing() throws {
        #expect(CapturedRun(["migrate", "--db", file.path, "--to", "1"]).exitCode == 0)
        let before = file.folder.contents("state.sqlite")
        let run = CapturedRun(["migrate", "--db", file.path, "--dry-run", "--json"])
        #expect(run.exitCode == 0)
        let json = try JSONValue.parse(Data(run.stdout.utf8))
        #expect(json["fromVersion"] == .integer(1))
        #expect(json["dryRun"] == .bool(true))
        #expect(file.folder.contents("state.sqlite") == before)
    }

    @Test func migratingStepwiseWithToStopsAtThatVersion() throws {
        let run = CapturedRun(["migrate", "--db", file.path, "--to", "1", "--json"])
        #expect(run.exitCode == 0)
        let json = try JSONValue.parse(Data(run.stdout.utf8))
        #expect(json["schemaVersion"] == .integer(1))
    }

    @Test(arguments: [
        (["migrate"], "missing required option --db"),
        (["migrate", "--db", "x", "--to", "abc"], "--to"),
        (["migrate", "--db", "x", "--bogus"], "unknown option"),
        (["frobnicate"], "unknown command"),
        ([], "missing command"),
    ])
    func usageErrorsExit64WithOneLineOnStderr(arguments: [String], fragment: String) {
        let run = CapturedRun(arguments)
        #expect(run.exitCode == 64)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains(fragment))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test func targetBeyondTheLatestIsAUsageError() {
        let run = CapturedRun(["migrate", "--db", file.path, "--to", "999"])
        #expect(run.exitCode == 64)
        #expect(run.stderr.contains("999"))
        #expect(!FileManager.default.fileExists(atPath: file.path) || (try? Database(path: file.path).ownership()) == .empty)
    }

    @Test func newerDatabaseIsRefusedWith65AndLeftUnchanged() throws {
        #expect(CapturedRun(["migrate", "--db", file.path]).exitCode == 0)
        try expectMigrateRefused(after: "PRAGMA user_version = 50", saying: "newer")
    }

    @Test func foreignDatabaseIsRefusedWith65AndLeftUnchanged() throws {
        try expectMigrateRefused(after: "CREATE TABLE photos (id INTEGER PRIMARY KEY); INSERT INTO photos VALUES (1);", saying: "another program")
    }

    @Test func checksumMismatchIsRefusedWith65NamingTheFile() throws {
        #expect(CapturedRun(["migrate", "--db", file.path, "--to", "1"]).exitCode == 0)
        try expectMigrateRefused(after: "UPDATE schema_history SET checksum = 'x'", saying: "0001_create_scene_state.sql")
    }

    /// Runs `script` on the file (as another program or release would), then expects `migrate`
    /// to exit 65 with `message` on stderr and leave the file's bytes as they were.
    private func expectMigrateRefused(after script: String, saying message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let db = try Database(path: file.path)
        try db.executeScript(script)
        db.close()
        let before = file.folder.contents("state.sqlite")
        let run = CapturedRun(["migrate", "--db", file.path])
        #expect(run.exitCode == 65, sourceLocation: sourceLocation)
        #expect(run.stderr.contains(message), "stderr: \(run.stderr)", sourceLocation: sourceLocation)
        #expect(file.folder.contents("state.sqlite") == before, sourceLocation: sourceLocation)
    }

    @Test func corruptFileIsRefusedWith65AndLeftUnchanged() throws {
        let garbage = Data(repeating: 0xA5, count: 4096)
        _ = FileManager.default.createFile(atPath: file.path, contents: garbage)
        let run = CapturedRun(["migrate", "--db", file.path])
        #expect(run.exitCode == 65)
        #expect(file.folder.contents("state.sqlite") == garbage)
    }

    @Test func uncreatablePathExits73() {
        let run = CapturedRun(["migrate", "--db", file.path("no/such/folder/state.sqlite")])
        #expect(run.exitCode == 73)
        #expect(!run.stderr.isEmpty)
    }

    @Test func directoryInsteadOfAFileExits73() throws {
        try FileManager.default.createDirectory(atPath: file.path, withIntermediateDirectories: false)
        #expect(CapturedRun(["migrate", "--db", file.path]).exitCode == 73)
    }

    @Test func statusOfAMissingFileExits66AndCreatesNothing() {
        let run = CapturedRun(["status", "--db", file.path])
        #expect(run.exitCode == 66)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func versionAndHelpGoToStdout() {
        #expect(CapturedRun(["--version"]).stdout == "restorectl \(Restorectl.version)\n")
        let help = CapturedRun(["--help"])
        #expect(help.exitCode == 0 && help.stdout.contains("migrate") && help.stdout.contains("status"))
        #expect(CapturedRun(["status", "--help"]).stdout.hasPrefix("USAGE: restorectl status --db PATH [--json]"))
    }

    /// `--dry-run` prints the pair each pending migration declares (from 0005 on).
    @Test func eachPlannedStepShowsWhichReleasesMayStillReadAndWriteTheFile() throws {
        let additive = try SchemaBuild.fixtureMigration("0006_count_record_writes.sql")
        #expect(
            MigrateCommand.line("Would apply", additive)
                == "Would apply 0006_count_record_writes.sql (version 6, readable by schema 4, writable by schema 4)")
        let rewriting = try SchemaBuild.fixtureMigration("0006_record_payload_bytes.sql")
        #expect(MigrateCommand.line("Applied", rewriting) == "Applied 0006_record_payload_bytes.sql (version 6, readable by schema 4, writable by schema 6)")
        let shipped = try MigrationFile.embedded.get()
        let history = try #require(shipped.first { $0.version == 5 })
        #expect(
            MigrateCommand.line("Would apply", history)
                == "Would apply 0005_add_record_history_and_build_stamps.sql (version 5, readable by schema 4, writable by schema 4)")
        let kinds = try #require(shipped.first { $0.version == 4 })
        #expect(MigrateCommand.line("Would apply", kinds) == "Would apply \(kinds.name) (version 4)")
    }
}
