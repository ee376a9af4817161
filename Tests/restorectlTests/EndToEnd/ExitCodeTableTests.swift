import Dispatch
import Foundation
import StateStore
import TestSupport
import Testing

/// The documented exit-code table (TheRestorectlTool.md, "Output and exit codes") holds for
/// every command, through the built binary: a directory as `--db` is 66 from every verb that
/// reads and 73 from every verb that would create; a missing file is 66 from every verb that
/// never creates one (and it stays missing); a creation the storage refuses is 74 and names the
/// real errno (EROFS on a read-only mount, EMFILE when descriptors run out).
@Suite struct ExitCodeTableTests {
    /// One command line, with what the table says for a directory and for a missing path.
    struct Row: CustomTestStringConvertible, Sendable {
        let arguments: [String]
        let directory: Int32
        let missing: Int32
        var testDescription: String { arguments.prefix { !$0.hasPrefix("-") }.joined(separator: " ") + (arguments.contains("--dry-run") ? " --dry-run" : "") }
        /// Whether the verb creates a missing file.
        var creates: Bool { missing == 0 && !arguments.contains("--dry-run") }
    }

    static let rows: [Row] = [
        Row(arguments: ["status"], directory: 66, missing: 66),
        Row(arguments: ["check"], directory: 66, missing: 66),
        Row(arguments: ["inspect"], directory: 66, missing: 66),
        Row(arguments: ["restore", "--scene", "main", "--document", "DOC"], directory: 66, missing: 66),
        Row(arguments: ["quarantine", "list"], directory: 66, missing: 66),
        Row(arguments: ["quarantine", "restore", "--id", "1"], directory: 66, missing: 66),
        Row(arguments: ["quarantine", "drop", "--id", "1"], directory: 66, missing: 66),
        Row(arguments: ["shelf", "restore", "--shelf", "home"], directory: 66, missing: 66),
        Row(arguments: ["shelf", "list"], directory: 66, missing: 66),
        Row(arguments: ["discard", "--scene", "main"], directory: 66, missing: 66),
        Row(arguments: ["prune", "--unused-for", "1d"], directory: 66, missing: 66),
        Row(arguments: ["prune", "--unused-for", "1d", "--dry-run"], directory: 66, missing: 66),
        Row(arguments: ["purge", "--account", "alice"], directory: 66, missing: 66),
        Row(arguments: ["move", "--to", "NEW"], directory: 66, missing: 66),
        Row(arguments: ["history", "--scene", "main", "--kind", "catalog"], directory: 66, missing: 66),
        Row(arguments: ["rollback", "--scene", "main", "--kind", "catalog", "--to", "1"], directory: 66, missing: 66),
        Row(arguments: ["rollback", "--scene", "main", "--kind", "catalog", "--to", "1", "--dry-run"], directory: 66, missing: 66),
        Row(arguments: ["export", "--redact", "--out", "OUT"], directory: 66, missing: 66),
        Row(arguments: ["replay"], directory: 66, missing: 66),
        Row(arguments: ["portable", "--scene", "main"], directory: 66, missing: 66),
        Row(arguments: ["migrate", "--dry-run"], directory: 66, missing: 0),
        Row(arguments: ["migrate"], directory: 73, missing: 0),
        Row(arguments: ["save", "--scene", "main", "--state", "STATE"], directory: 73, missing: 0),
        Row(arguments: ["shelf", "save", "--shelf", "home", "--snapshot", "SNAPSHOT"], directory: 73, missing: 0),
        Row(arguments: ["demo"], directory: 73, missing: 0),
    ]

    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
        try Data(#"{"books": [{"id": 1, "title": "Algorithms"}]}"#.utf8).write(to: URL(fileURLWithPath: folder.path("document.json")))
        try Data(#"{"version":3,"query":"","selectedID":1,"showsOnlySelected":false,"viewport":null}"#.utf8)
            .write(to: URL(fileURLWithPath: folder.path("state.json")))
        try Data(#"{"version":2,"query":"","books":[{"id":1,"title":"Algorithms","revision":1}],"fetchedAt":0,"drafts":[]}"#.utf8)
            .write(to: URL(fileURLWithPath: folder.path("snapshot.json")))
    }

    @Test(arguments: rows)
    func everyCommandExitsAsTheTableSays(_ row: Row) throws {
        let directory = folder.path("directory.sqlite")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let inDirectory = try run(row.arguments, db: directory)
        #expect(inDirectory.status == row.directory, "\(row.testDescription) with a directory: \(inDirectory)")
        #expect(inDirectory.stderr.contains("directory"), "\(row.testDescription): the message says what is there: \(inDirectory.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty, "\(row.testDescription) wrote into the directory")

        let missing = folder.path("missing.sqlite")
        let atMissing = try run(row.arguments, db: missing)
        #expect(atMissing.status == row.missing, "\(row.testDescription) with a missing file: \(atMissing)")
        #expect(FileManager.default.fileExists(atPath: missing) == row.creates, "\(row.testDescription): created \(missing)?")
        if row.missing == 66 { #expect(atMissing.stderr.contains("no such database file"), "\(atMissing.stderr)") }
    }

    @Test(.enabled(if: TestHost.canMountTmpfs, "mounts a tmpfs: needs root and a mount namespace"))

    func aWriteOnAReadOnlyMountExits74NamingEROFS() throws {
        let mount = try #require(try ScratchMount(tmpfsSize: "1m"))
        defer { mount.unmount() }
        try #require(mount.remount(readOnly: true), "the tmpfs could not be remounted read-only")
        for row in Self.rows where row.creates {
            let result = try run(row.arguments, db: mount.path("state.sqlite"))
            #expect(result.status == 74 && result.stderr.contains("EROFS"), "\(row.testDescription): \(result)")
        }
        // An existing file there: the writing verbs name EROFS too (SQLite's retry saw ENOENT).
        #expect(mount.remount(readOnly: false))
        #expect(try run(["migrate"], db: mount.path("existing.sqlite")).status == 0)
        #expect(mount.remount(readOnly: true))
        for arguments in [["save", "--scene", "main", "--state", "STATE"], ["migrate"], ["shelf", "save", "--shelf", "home", "--snapshot", "SNAPSHOT"], ["discard", "--scene", "main"]] {
            let result = try run(arguments, db: mount.path("existing.sqlite"))
            #expect(result.status == 74 && result.stderr.contains("EROFS") && !result.stderr.contains("ENOENT"), "\(arguments[0]): \(result)")
        }
    }

    /// A database on a read-only mount whose log holds frames and whose index is gone (as a
    /// crash leaves them): SQLite can read it only with an index it may not create, and every
    /// verb says so, naming EROFS (exit 74, `check` too: the storage's refusal is not a finding
    /// about the file, which it reported with 1; `restore` and `shelf restore`
    /// report `database-unavailable`). They exited 73 naming ENOENT, SQLite's retry of the index, and
    /// `move` named EBADF, its lock on a file opened read-only.
    @Test(.enabled(if: TestHost.canMountTmpfs, "mounts a tmpfs: needs root and a mount namespace"))
    func everyVerbOnAReadOnlyMountWhoseLogHasNoIndexNamesEROFS() throws {
        let mount = try #require(try ScratchMount(tmpfsSize: "1m"))
        defer { mount.unmount() }
        let db = mount.path("state.sqlite")
        #expect(try run(["save", "--scene", "main", "--state", "STATE"], db: db).status == 0)
        let writer = try Database(path: db, configuration: DatabaseConfiguration(access: .readWrite(createIfMissing: false)))
        writer.disableCheckpointOnClose()
        try writer.executeScript("UPDATE scene_state SET updated_at = updated_at + 1")
        writer.close()
        #expect(unlink(db + "-shm") == 0 && ((try? FileManager.default.attributesOfItem(atPath: db + "-wal")[.size] as? Int) ?? 0) > 0)
        try #require(mount.remount(readOnly: true), "the tmpfs could not be remounted read-only")
        let before = try FileManager.default.contentsOfDirectory(atPath: mount.root.path).sorted()
        for row in Self.rows where !row.creates || row.arguments.contains("--dry-run") {
            let result = try run(row.arguments, db: db)
            let output = result.stdout + result.stderr
            #expect(output.contains("EROFS") && !output.contains("ENOENT") && !output.contains("EBADF"), "\(row.testDescription): \(result)")
            switch row.arguments[0] {
            case "restore" where row.arguments.count > 1, "shelf" where row.arguments[1] == "restore":
                // A launch's restore: the default state, with the report.
                #expect(result.status == 0 && result.stdout.contains("database-unavailable"), "\(row.testDescription): \(result)")
            default: #expect(result.status == 74, "\(row.testDescription): \(result)")
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: mount.root.path).sorted() == before)
    }

    @Test func aCreationOutOfDescriptorsExits74NamingEMFILE() throws {
        var namedEMFILE = false
        for limit in 4...12 {
            let db = folder.path("limited-\(limit).sqlite")
            let result = try run(["save", "--scene", "main", "--state", "STATE"], db: db, descriptorLimit: limit)
            guard result.status != 0 else { continue }
            #expect(result.status == 74 && result.stderr.contains("EMFILE"), "ulimit -n \(limit): \(result)")
            #expect(!FileManager.default.fileExists(atPath: db), "ulimit -n \(limit): a failed creation left \(db)")
            namedEMFILE = true
        }
        #expect(namedEMFILE, "no limit from 4 to 12 ran the creation out of descriptors")
    }

    /// A database another process holds locked past the tool's wait is a temporary failure,
    /// 75 (it was the internal error, 70), named and said to be, and nothing is written.
    @Test(.enabled(if: TestHost.hasSQLiteShell, "another process holds the lock: needs the sqlite3 shell (.ci/run installs it)"))
    func aDatabaseLockedByAnotherProcessIsATemporaryFailure() throws {
        let db = folder.path("locked.sqlite")
        #expect(try run(["save", "--scene", "main", "--state", "STATE"], db: db).status == 0)
        let before = FileManager.default.contents(atPath: db)
        let holder = try ExclusiveLockHolder(path: db)
        let result = try run(["save", "--scene", "other", "--state", "STATE"], db: db)
        holder.release()
        #expect(result.status == 75, "\(result)")
        // It names the file and says a later try may succeed (it said only "database is
        // locked while executing `BEGIN IMMEDIATE`").
        #expect(result.stderr.contains("locked") && result.stderr.contains(db) && result.stderr.contains("may succeed once it lets go"), "\(result.stderr)")
        #expect(FileManager.default.contents(atPath: db) == before)
    }

    /// Runs the real `restorectl` with `--db db` after the command words (placeholders filled),
    /// under `ulimit -n descriptorLimit` when given; killed after 30 s.
    private func run(_ arguments: [String], db: String, descriptorLimit: Int? = nil) throws -> ChildRun {
        let words = arguments.prefix { !$0.hasPrefix("-") }
        let filled = arguments.dropFirst(words.count).map { argument in
            switch argument {
            case "DOC": folder.path("document.json")
            case "STATE": folder.path("state.json")
            case "SNAPSHOT": folder.path("snapshot.json")
            case "NEW": folder.path("moved.sqlite")
            case "OUT": folder.path("export.sqlite")
            default: argument
            }
        }
        let full = Array(words) + ["--db", db] + filled
        guard let descriptorLimit else { return try ChildRun(restorectl: full, killedAfter: .seconds(30)) }
        let tool = try ChildProcess.builtTool(named: "restorectl").path
        return try ChildRun(tool: URL(fileURLWithPath: "/bin/sh"), ["-c", "ulimit -n \(descriptorLimit) && exec \"$0\" \"$@\"", tool] + full, killedAfter: .seconds(30))
    }
}
