import Foundation
import JSON
import TestSupport
import Testing

@testable import restorectl

@Suite struct MoveCommandTests {
    let stateFile: StateFile
    let destination: String

    init() throws {
        stateFile = try StateFile()
        destination = stateFile.path("group/state.sqlite")
        try FileManager.default.createDirectory(atPath: stateFile.path("group"), withIntermediateDirectories: false)
    }

    private func seed() {
        for scene in ["window-1", "window-2"] {
            #expect(CapturedRun(["save", "--db", stateFile.path, "--scene", scene, "--state", PackageFolders.path("records/v1.json")]).exitCode == 0)
        }
    }

    /// A move or an export whose destination's folder does not exist is refused (73) naming
    /// the destination given, not the copy made beside it first
    /// (`<destination>.moving-<pid>-<UUID>`), and the database stays where it was.
    @Test(arguments: [["move", "--to"], ["export", "--redact", "--out"]])
    func aDestinationInAMissingFolderIsRefusedNamingTheDestinationGiven(verb: [String]) throws {
        seed()
        let before = try Data(contentsOf: URL(fileURLWithPath: stateFile.path))
        let missing = stateFile.path("no/such/folder/state.sqlite")
        let run = CapturedRun([verb[0], "--db", stateFile.path] + verb.dropFirst() + [missing])
        #expect(run.exitCode == 73, "\(run.stderr)")
        #expect(run.stderr.contains("\(missing): ENOENT"), "\(run.stderr)")
        #expect(!run.stderr.contains(".moving-") && !run.stderr.contains(".exporting-"), "\(run.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: stateFile.path)) == before)
    }

    /// A destination ending in a slash names a folder: nothing can be created there, 73 as for
    /// an existing destination (it was 66, "not a database file", as if the database were
    /// missing), and nothing moves.
    @Test(arguments: [["move", "--to"], ["export", "--redact", "--out"]])
    func aDestinationEndingInASlashCannotBeCreated(verb: [String]) throws {
        seed()
        let before = try Data(contentsOf: URL(fileURLWithPath: stateFile.path))
        let run = CapturedRun([verb[0], "--db", stateFile.path] + verb.dropFirst() + [stateFile.path("new.sqlite") + "/"])
        #expect(run.exitCode == 73 && run.stderr.contains("ending in a slash"), "\(run.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: stateFile.path)) == before)
        #expect(!FileManager.default.fileExists(atPath: stateFile.path("new.sqlite")))
    }

    /// A database this user may not read is 66 (EACCES), as for every verb but the restores,
    /// before any check of what the move would change (it was 74, SQLite's disk I/O error).
    @Test(.enabled(if: TestHost.canRunAsNobody, "runs the tool as nobody: needs root and setpriv"))
    func aDatabaseThisUserMayNotReadExits66() throws {
        seed()
        chmod(stateFile.folder.url.path, 0o777)
        let tool = try ChildProcess.builtTool(named: "restorectl")
        let run = try ChildRun(
            tool: URL(fileURLWithPath: "/usr/bin/setpriv"),
            ["--reuid=nobody", "--regid=nogroup", "--clear-groups", tool.path, "move", "--db", stateFile.path, "--to", stateFile.path("moved.sqlite")])
        #expect(run.status == 66 && run.stderr.contains("EACCES"), "\(run)")
        #expect(FileManager.default.fileExists(atPath: stateFile.path) && !FileManager.default.fileExists(atPath: stateFile.path("moved.sqlite")))
    }

    @Test func moveCopiesVerifiesAndRemovesTheOldFiles() throws {
        seed()
        let before = CapturedRun(["inspect", "--db", stateFile.path, "--json"]).stdout
        let run = CapturedRun(["move", "--db", stateFile.path, "--to", destination])
        #expect(run.exitCode == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout == "Moved \(stateFile.path) to \(destination): 2 record(s).\n")
        for suffix in ["", "-wal", "-shm", "-guard"] {
            #expect(!FileManager.default.fileExists(atPath: stateFile.path + suffix), "state.sqlite\(suffix) is still there")
        }
        #expect(CapturedRun(["check", "--db", destination]).exitCode == 0)
        #expect(CapturedRun(["inspect", "--db", destination, "--json"]).stdout == before.replacingOccurrences(of: stateFile.path, with: destination))
    }

    @Test func anExistingDestinationExits73AndNothingMoves() throws {
        seed()
        #expect(FileManager.default.createFile(atPath: destination, contents: Data("taken".utf8)))
        let run = CapturedRun(["move", "--db", stateFile.path, "--to", destination])
        #expect(run.exitCode == 73)
        #expect(run.stderr == "restorectl: \(destination) already exists; nothing was moved\n")
        #expect(FileManager.default.contents(atPath: destination) == Data("taken".utf8))
        #expect(CapturedRun(["check", "--db", stateFile.path]).exitCode == 0)
    }

    /// A file with another name (a hard link) is not moved: a save through the other name
    /// would go on in the old file, beside no note, where the app at the new path never sees
    /// it. Nothing is copied, and both names still open the one file.
    @Test func aFileWithAnotherNameIsNotMovedAndBothNamesKeepIt() throws {
        seed()
        let other = stateFile.path("other-name.sqlite")
        #expect(link(stateFile.path, other) == 0)
        let run = CapturedRun(["move", "--db", stateFile.path, "--to", destination])
        #expect(run.exitCode != 0)
        #expect(run.stderr.contains("has 2 names (hard links)") && run.stderr.contains("nothing was moved"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: destination))
        #expect(try FileManager.default.contentsOfDirectory(atPath: stateFile.path("group")).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: stateFile.path + "-moved"))
        #expect(CapturedRun(["save", "--db", other, "--scene", "after", "--state", PackageFolders.path("records/v1.json")]).exitCode == 0)
        #expect(CapturedRun(["inspect", "--db", stateFile.path]).stdout.contains("after"))
    }

    /// A move killed after it put its verified copy in place, before it removed the original
    /// (the note already written, as a move writes it first): the old path says where the file
    /// went to every verb, a save there writes nothing, and the copy takes the saves. Before,
    /// the two files both took saves. A move killed before the copy was in place (a note, no
    /// destination) left the original the database: every verb uses it.
    @Test func aMoveKilledAfterItsCopyWasInPlaceLeavesOneDatabase() throws {
        seed()
        try FileManager.default.copyItem(atPath: stateFile.path, toPath: destination)
        try Data((destination + "\n").utf8).write(to: URL(fileURLWithPath: stateFile.path + "-moved"))
        let original = FileManager.default.contents(atPath: stateFile.path)
        for arguments in [["save", "--scene", "after", "--state", PackageFolders.path("records/v1.json")], ["inspect"], ["status"], ["move", "--to", stateFile.path("elsewhere.sqlite")]] {
            let run = CapturedRun([arguments[0], "--db", stateFile.path] + arguments.dropFirst())
            #expect(run.exitCode == 66 && run.stderr.contains("was moved to \(destination)"), "\(arguments): \(run.exitCode) \(run.stderr)")
        }
        #expect(FileManager.default.contents(atPath: stateFile.path) == original)
        #expect(CapturedRun(["save", "--db", destination, "--scene", "after", "--state", PackageFolders.path("records/v1.json")]).exitCode == 0)
        #expect(CapturedRun(["inspect", "--db", destination]).stdout.contains("after"))

        // Killed before the copy was in place: the note names nothing there, and is ignored.
        try FileManager.default.removeItem(atPath: destination)
        let saved = CapturedRun(["save", "--db", stateFile.path, "--scene", "kept", "--state", PackageFolders.path("records/v1.json")])
        #expect(saved.exitCode == 0, "\(saved.stderr)")
        #expect(CapturedRun(["inspect", "--db", stateFile.path]).stdout.contains("kept"))
        // That writing open took the note away: a file made at its destination later hides
        // nothing.
        #expect(!FileManager.default.fileExists(atPath: stateFile.path + "-moved"))
        #expect(CapturedRun(["save", "--db", destination, "--scene", "other", "--state", PackageFolders.path("records/v1.json")]).exitCode == 0)
        #expect(CapturedRun(["inspect", "--db", stateFile.path]).stdout.contains("kept"))
    }

    /// A move back to where a database came from, killed after it put its copy in place,
    /// leaves two notes naming each other: the newer one (the move back's) says which file is
    /// the database, so one path takes saves and the other says where it went, never both nor
    /// neither.
    @Test func aMoveBackKilledAfterItsCopyWasInPlaceLeavesOneDatabase() throws {
        seed()
        #expect(CapturedRun(["move", "--db", stateFile.path, "--to", destination]).exitCode == 0)
        // The move back, killed before it removed the original and its earlier note.
        try FileManager.default.copyItem(atPath: destination, toPath: stateFile.path)
        try Data((stateFile.path + "\n").utf8).write(to: URL(fileURLWithPath: destination + "-moved"))
        var older = [timeval(tv_sec: 1_000_000, tv_usec: 0), timeval(tv_sec: 1_000_000, tv_usec: 0)]
        #expect(utimes(stateFile.path + "-moved", &older) == 0)

        let saved = CapturedRun(["save", "--db", stateFile.path, "--scene", "after", "--state", PackageFolders.path("records/v1.json")])
        #expect(saved.exitCode == 0, "\(saved.stderr)")
        #expect(CapturedRun(["inspect", "--db", stateFile.path]).stdout.contains("after"))
        let refused = CapturedRun(["save", "--db", destination, "--scene", "lost", "--state", PackageFolders.path("records/v1.json")])
        #expect(refused.exitCode == 66 && refused.stderr.contains("was moved to \(stateFile.path)"), "\(refused.stderr)")
    }

    /// The same move back killed before its copy was in place: its note names a path whose
    /// own note names the file back, and the file is the database.
    @Test func aMoveBackKilledBeforeItsCopyWasInPlaceLeavesTheFileTheDatabase() throws {
        seed()
        #expect(CapturedRun(["move", "--db", stateFile.path, "--to", destination]).exitCode == 0)
        try Data((stateFile.path + "\n").utf8).write(to: URL(fileURLWithPath: destination + "-moved"))
        let saved = CapturedRun(["save", "--db", destination, "--scene", "after", "--state", PackageFolders.path("records/v1.json")])
        #expect(saved.exitCode == 0, "\(saved.stderr)")
        #expect(CapturedRun(["inspect", "--db", destination]).stdout.contains("after"))
        let old = CapturedRun(["inspect", "--db", stateFile.path])
        #expect(old.exitCode == 66 && old.stderr.contains("was moved to \(destination)"), "\(old.stderr)")
    }

    /// What killed moves and exports left beside their destination (whole copies of the
    /// database, staged under `.moving-<pid>-…` and `.exporting-<pid>-…`) goes at the next move
    /// or export there; a purge never reached them. A live process's are kept.
    @Test func aKilledMovesAndExportsStagingFilesGoAtTheNextOneThere() throws {
        seed()
        let deadPID = 4_194_400  // above the kernel's largest
        let export = stateFile.path("group/export.sqlite")
        let uuid = "0A1B2C3D-4E5F-6A7B-8C9D-0E1F2A3B4C5D"
        let leftovers = [destination + ".moving-\(deadPID)-\(uuid)", destination + ".moving-\(deadPID)-\(uuid)-wal", export + ".exporting-\(deadPID)-\(uuid)"]
        // A name of another shape is a person's file, whatever it looks like.
        let kept = [destination + ".moving-2024-notes", destination + ".moving-\(deadPID)-not-a-uuid"]
        let live = destination + ".moving-\(getpid())-\(uuid)"
        for path in leftovers + kept + [live] { #expect(FileManager.default.createFile(atPath: path, contents: Data("copy".utf8))) }
        #expect(CapturedRun(["move", "--db", stateFile.path, "--to", destination]).exitCode == 0)
        #expect(CapturedRun(["export", "--db", destination, "--redact", "--out", export]).exitCode == 0)
        for path in leftovers { #expect(!FileManager.default.fileExists(atPath: path), "\(path)") }
        #expect(FileManager.default.fileExists(atPath: live), "a live process's staging file is kept")
        for path in kept { #expect(FileManager.default.fileExists(atPath: path), "\(path)") }
    }

    @Test func aMissingFolderExits73AndNothingMoves() {
        seed()
        let run = CapturedRun(["move", "--db", stateFile.path, "--to", stateFile.path("nowhere/state.sqlite")])
        #expect(run.exitCode == 73)
        #expect(FileManager.default.fileExists(atPath: stateFile.path))
        #expect(!FileManager.default.fileExists(atPath: stateFile.path("nowhere")))
    }

    @Test func missingDatabaseExits66AndNothingIsCreated() {
        let run = CapturedRun(["move", "--db", stateFile.path, "--to", destination])
        #expect(run.exitCode == 66)
        #expect(!FileManager.default.fileExists(atPath: stateFile.path))
        #expect(!FileManager.default.fileExists(atPath: destination))
    }

    @Test func aDamagedFileExits65AndStaysInPlace() throws {
        let garbage = Data((0..<8_192).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 17) })
        #expect(FileManager.default.createFile(atPath: stateFile.path, contents: garbage))
        let run = CapturedRun(["move", "--db", stateFile.path, "--to", destination])
        // In every verb's words (it was SQLite's, at the move's `PRAGMA locking_mode`).
        #expect(run.exitCode == 65 && run.stderr.contains("\(stateFile.path) is not a readable restorectl database"), "\(run.stderr)")
        #expect(FileManager.default.contents(atPath: stateFile.path) == garbage)
        #expect(!FileManager.default.fileExists(atPath: destination))
    }

    /// An idle connection of another process, after a read (an extension between two reads)
    /// or after a write: a connection that has written looks for a move's note no more, so no
    /// move may take the file from under it.
    @Test(
        .enabled(if: TestHost.hasSQLiteShell, "another process holds the file open: needs the sqlite3 shell (.ci/run installs it)"),
        arguments: ["", "UPDATE scene_state SET updated_at = updated_at + 1;"])
    func aFileOpenInAnotherProcessExits74AndStaysInPlace(write: String) throws {
        seed()
        let shell = try ChildProcess(tool: URL(fileURLWithPath: "/usr/bin/sqlite3"), arguments: [stateFile.path])
        shell.send(write + "SELECT 'open', count(*) FROM scene_state;")
        try shell.readLines(until: "open|2")
        let run = CapturedRun(["move", "--db", stateFile.path, "--to", destination])
        shell.send(".quit")
        shell.waitForExit()
        #expect(run.exitCode == 74)
        #expect(run.stderr == "restorectl: \(stateFile.path) is open in another process, so it was left in place\n")
        #expect(!FileManager.default.fileExists(atPath: destination))
        #expect(CapturedRun(["check", "--db", stateFile.path]).exitCode == 0)
    }

    @Test func toIsRequired() {
        let run = CapturedRun(["move", "--db", stateFile.path])
        #expect(run.exitCode == 64)
        #expect(run.stderr == "restorectl move: missing required option --to\n")
    }

    @Test func helpShowsTheSynopsisAndOptions() {
        let run = CapturedRun(["move", "--help"])
        #expect(run.exitCode == 0)
        #expect(
            run.stdout == """
                USAGE: restorectl move --db PATH --to NEW

                Move the database to a new path: copied, verified, then the old files removed.

                The copy is made with SQLite's backup API and verified (integrity_check and the row count of every table) before the database, its -wal, -shm and guard file are removed. Nothing else may have the file open.

                OPTIONS:
                  --db PATH   The state database file.
                  --to NEW    The new path; nothing may exist there.
                  -h, --help  Show help information.

                """)
    }
}
