import Dispatch
import Foundation
import ScreenKinds
import ScreenModels
import StateRestore
import StateStore
import TestSupport
import Testing

/// A database path is resolved once, as the kernel resolves it, and refused when it is not a
/// regular file: a relative path against the working directory, a link's target from the link's
/// own folder, so through a link every command sees what it sees through the real path; a
/// dangling link and a link to a file that is not a database are refused with nothing created
/// or moved; and no command hangs on a FIFO (the real binary, with a watchdog that kills it, so
/// a hang fails the test instead of stalling the run).
@Suite struct DatabasePathTests {
    let stateFile: StateFile
    let document: String

    init() throws {
        stateFile = try StateFile()
        document = try stateFile.write(#"{"books": [{"id": 1, "title": "Algorithms"}, {"id": 2, "title": "Database Internals"}]}"#, to: "document.json")
    }

    /// Runs the real `restorectl`; a run still going after 30 s is killed.
    private func run(_ arguments: [String]) throws -> ChildRun { try ChildRun(restorectl: arguments, killedAfter: .seconds(30)) }

    @Test(arguments: [
        ["restore", "--scene", "main", "--document", "DOC"], ["check"], ["status"], ["inspect"], ["shelf", "restore", "--shelf", "home"],
        ["save", "--scene", "main", "--state", "STATE"], ["migrate"],
    ])
    func noCommandHangsOnAFIFOAndEachSaysWhatItIs(command: [String]) throws {
        let fifo = stateFile.path("state.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let state = stateFile.path("state.json")
        try Data(#"{"version":3,"query":"","selectedID":1,"showsOnlySelected":false,"viewport":null}"#.utf8).write(to: URL(fileURLWithPath: state))
        let arguments =
            [command[0]] + (command.count > 1 && command[0] == "shelf" ? [command[1]] : []) + ["--db", fifo]
            + command.dropFirst(command[0] == "shelf" ? 2 : 1).map { $0 == "DOC" ? document : $0 == "STATE" ? state : $0 }
        let result = try run(arguments)
        #expect(!result.exit.wasKilled, "\(arguments) hung on a FIFO")
        // The reading verbs (`restore` and `shelf restore` too: they read only) exit 66, the
        // creating ones 66 or 73.
        #expect(result.exit.status == 66 || result.exit.status == 73, "\(arguments): \(result.exit) \(result.stderr)")
        #expect(result.stderr.contains("FIFO"), "\(arguments): \(result.stderr)")
    }

    @Test func throughASymlinkEveryCommandSeesWhatItSeesThroughTheRealPath() throws {
        let real = stateFile.path("real.sqlite")
        let link = stateFile.path("link.sqlite")
        #expect(symlink(real, link) == 0)
        // Records committed in the log, not yet checkpointed: a reader must find the log beside the real file.
        let store = try Store(path: real, migrator: StateMigrations.makeMigrator())
        for scene in 0..<20 {
            try store.saveRecord(
                RecordCodec<CatalogViewState>.encode(CatalogViewState(selectedID: 1)), version: 3, account: "default", scene: "s\(scene)", kind: "catalog")
        }
        #expect(FileManager.default.fileExists(atPath: real + "-wal"))
        for command in [["check", "--json"], ["inspect", "--json"], ["status", "--json"]] {
            let throughLink = try run([command[0], "--db", link] + command.dropFirst())
            let direct = try run([command[0], "--db", real] + command.dropFirst())
            #expect(throughLink.exit.isSuccess && direct.exit.isSuccess, "\(command): \(throughLink.stderr)")
            #expect(throughLink.stdout.replacingOccurrences(of: link, with: real) == direct.stdout, "\(command)")
        }
        let restored = try run(["restore", "--db", link, "--scene", "s3", "--document", document, "--json"])
        #expect(restored.exit.isSuccess && !restored.stdout.contains("no-record"))
        #expect(!FileManager.default.fileExists(atPath: link + "-wal") && !FileManager.default.fileExists(atPath: link + "-guard"))
        store.close()
    }

    /// A dangling link is refused by every command (66, the message names the target), and
    /// nothing is created at its target.
    @Test(arguments: [
        ["save", "--scene", "main", "--state", "STATE"], ["restore", "--scene", "main", "--document", "DOC"], ["migrate"], ["check"],
    ])
    func aDanglingLinkIsRefusedAndNothingIsCreatedAtItsTarget(command: [String]) throws {
        let state = stateFile.path("state.json")
        try Data(#"{"version":3,"query":"","selectedID":1,"showsOnlySelected":false,"viewport":null}"#.utf8).write(to: URL(fileURLWithPath: state))
        let link = stateFile.path("dangling.sqlite")
        #expect(symlink("target.sqlite", link) == 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: stateFile.folder.url.path).sorted()
        let arguments = [command[0], "--db", link] + command.dropFirst().map { $0 == "DOC" ? document : $0 == "STATE" ? state : $0 }
        let result = try run(arguments)
        #expect(result.exit.status == 66, "\(arguments): \(result.exit) \(result.stdout) \(result.stderr)")
        #expect(result.stderr.contains("target.sqlite, which does not exist"), "\(arguments): \(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: stateFile.folder.url.path).sorted() == before)
    }

    /// A relative `--db` is the working directory's, and a relative link target is the link's
    /// folder's: the tool in the folder opens the real file, never one at the root.
    @Test(arguments: ["real", "data/real"])
    func aRelativeLinkGivenAsARelativePathOpensTheFileBesideTheLink(target: String) throws {
        let name = "\(target)-\(UUID().uuidString).sqlite"
        try FileManager.default.createDirectory(atPath: stateFile.path("data"), withIntermediateDirectories: true)
        let store = try Store(path: stateFile.path(name), migrator: StateMigrations.makeMigrator())
        try store.saveRecord(RecordCodec<CatalogViewState>.encode(CatalogViewState(selectedID: 2)), version: 3, account: "default", scene: "main", kind: "catalog")
        store.close()
        #expect(symlink(name, stateFile.path("link.sqlite")) == 0)
        let state = stateFile.path("state.json")
        try Data(#"{"version":3,"query":"","selectedID":1,"showsOnlySelected":false,"viewport":null}"#.utf8).write(to: URL(fileURLWithPath: state))

        let restored = try ChildRun(restorectl: ["restore", "--db", "link.sqlite", "--scene", "main", "--document", document, "--json"], directory: stateFile.folder.url)
        #expect(restored.exit.isSuccess && !restored.stdout.contains("no-record") && !restored.stdout.contains("database-"), "\(restored.stdout) \(restored.stderr)")
        let saved = try ChildRun(restorectl: ["save", "--db", "link.sqlite", "--scene", "other", "--state", state], directory: stateFile.folder.url)
        #expect(saved.exit.isSuccess, "\(saved.stderr)")
        let checked = try ChildRun(restorectl: ["check", "--db", "./link.sqlite"], directory: stateFile.folder.url)
        #expect(checked.exit.isSuccess, "\(checked.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/" + name) && !FileManager.default.fileExists(atPath: "/data/" + name))
        let reader = try Store(readingExistingFileAt: stateFile.path(name))
        defer { reader.close() }
        #expect(try reader.record(account: "default", scene: "other", kind: "catalog") != nil)
    }

    /// After `move`, the old path holds the move's note: every verb there, the ones that create
    /// a file, `migrate --dry-run` and `move` included, exits 66, names the new path and creates
    /// nothing; so does every verb given a link to the old path.
    @Test func afterAMoveTheOldPathNamesTheNewOneToEveryVerbAndNothingIsCreatedThere() throws {
        let old = stateFile.path
        let new = stateFile.path("moved.sqlite")
        let state = stateFile.path("state.json")
        try Data(#"{"version":3,"query":"","selectedID":1,"showsOnlySelected":false,"viewport":null}"#.utf8).write(to: URL(fileURLWithPath: state))
        #expect(try run(["save", "--db", old, "--scene", "main", "--state", state]).exit.isSuccess)
        #expect(try run(["move", "--db", old, "--to", new]).exit.isSuccess)
        // A link the app kept to the old file says where it went too.
        let linked = stateFile.path("linked.sqlite")
        #expect(symlink(URL(fileURLWithPath: old).lastPathComponent, linked) == 0)
        var verbs = [
            ["save", "--db", old, "--scene", "main", "--state", state], ["restore", "--db", old, "--scene", "main", "--document", document],
            ["migrate", "--db", old], ["migrate", "--db", old, "--dry-run"], ["status", "--db", old], ["check", "--db", old],
            ["move", "--db", old, "--to", stateFile.path("again.sqlite")],
        ]
        verbs += verbs.map { $0.map { $0 == old ? linked : $0 } }
        for arguments in verbs {
            let result = try run(arguments)
            #expect(result.exit.status == 66 && result.stderr.contains("was moved to \(new)"), "\(arguments): \(result.exit) \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: old))
        }
    }

    /// A link to a text file: `restore` reports `database-corrupt` and exits 0, a writing verb
    /// exits 65; the text file stays byte for byte, nothing is moved aside or created.
    @Test func aLinkToATextFileIsReportedAndLeftByteForByte() throws {
        let text = stateFile.path("notes.txt")
        let bytes = Data("call the plumber\n".utf8)
        try bytes.write(to: URL(fileURLWithPath: text))
        #expect(symlink("notes.txt", stateFile.path("notes.sqlite")) == 0)
        let state = stateFile.path("state.json")
        try Data(#"{"version":3,"query":"","selectedID":1,"showsOnlySelected":false,"viewport":null}"#.utf8).write(to: URL(fileURLWithPath: state))
        let before = try FileManager.default.contentsOfDirectory(atPath: stateFile.folder.url.path).sorted()

        let restored = try ChildRun(restorectl: ["restore", "--db", "notes.sqlite", "--scene", "main", "--document", document, "--json"], directory: stateFile.folder.url)
        #expect(restored.exit.isSuccess && restored.stdout.contains("database-corrupt"), "\(restored.exit) \(restored.stdout) \(restored.stderr)")
        let saved = try ChildRun(restorectl: ["save", "--db", "notes.sqlite", "--scene", "main", "--state", state], directory: stateFile.folder.url)
        #expect(saved.status == 65, "\(saved.exit) \(saved.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: stateFile.folder.url.path).sorted() == before)
        #expect(FileManager.default.contents(atPath: text) == bytes)
        #expect(!FileManager.default.fileExists(atPath: "/notes.txt"))
    }

    /// What is at the end of a link is never laid out as a database, even when it holds none
    /// yet: an empty file, or another program's SQLite file whose `user_version` it set and
    /// which has no tables. Every writing verb refuses (65) and leaves it byte for byte; the
    /// same file at the path itself is another program's (refused, left as it is) unless empty.
    @Test(arguments: [
        ["save", "--scene", "main", "--state", "STATE"], ["discard", "--scene", "main"], ["prune", "--unused-for", "30d"], ["purge", "--account", "default"],
        ["migrate"], ["demo"],
    ])
    func nothingIsLaidOutInAnEmptyFileOrAnotherProgramsEmptySchemaThroughALink(command: [String]) throws {
        let state = try stateFile.write(#"{"version":3,"query":"","selectedID":1,"showsOnlySelected":false,"viewport":null}"#, to: "state.json")
        let arguments = command.map { $0 == "STATE" ? state : $0 }
        let empty = stateFile.path("notes.txt")
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        let versioned = stateFile.path("other.db")
        let other = try Database(path: versioned)
        try other.executeScript("PRAGMA user_version = 7")
        other.close()
        let otherBytes = FileManager.default.contents(atPath: versioned)
        for (link, target) in [("empty.sqlite", "notes.txt"), ("other.sqlite", "other.db")] {
            #expect(symlink(target, stateFile.path(link)) == 0)
            let before = try FileManager.default.contentsOfDirectory(atPath: stateFile.folder.url.path).sorted()
            let run = try ChildRun(restorectl: [arguments[0], "--db", link] + arguments.dropFirst(), directory: stateFile.folder.url, killedAfter: .seconds(60))
            #expect(run.status == 65, "\(arguments) through a link to \(target): \(run.exit) \(run.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: stateFile.folder.url.path).sorted() == before, "\(arguments) \(target)")
        }
        #expect(FileManager.default.contents(atPath: empty) == Data())
        #expect(FileManager.default.contents(atPath: versioned) == otherBytes)
        // At the path itself, the file another program versioned is still not ours to lay out.
        let direct = try ChildRun(restorectl: [arguments[0], "--db", "other.db"] + arguments.dropFirst(), directory: stateFile.folder.url, killedAfter: .seconds(60))
        #expect(direct.status == 65 && direct.stderr.contains("another program"), "\(arguments): \(direct.exit) \(direct.stderr)")
        #expect(FileManager.default.contents(atPath: versioned) == otherBytes)
    }

    /// The reading verbs and the dry run say of an empty file at the end of a link what the
    /// writing verbs do (65; `check` lists it as a problem, 1), never "run restorectl migrate",
    /// which then refused: `status` and `check` advised it and `migrate --dry-run` printed a
    /// plan, all exiting 0.
    @Test func everyVerbSaysOfAnEmptyFileThroughALinkThatNoneIsLaidOutThere() throws {
        #expect(FileManager.default.createFile(atPath: stateFile.path("notes.txt"), contents: Data()))
        #expect(symlink("notes.txt", stateFile.path("empty.sqlite")) == 0)
        let link = stateFile.path("empty.sqlite")
        let verbs = [["migrate", "--dry-run"], ["status"], ["inspect"], ["quarantine", "list"], ["shelf", "list"], ["history", "--scene", "main", "--kind", "catalog"], ["check"]]
        for verb in verbs {
            let run = CapturedRun(verb + ["--db", link])
            let output = run.stdout + run.stderr
            #expect(run.exitCode == (verb == ["check"] ? 1 : 65), "\(verb): \(output)")
            #expect(output.contains("never laid out through a link") && !output.contains("restorectl migrate"), "\(verb): \(output)")
        }
        #expect(FileManager.default.contents(atPath: stateFile.path("notes.txt")) == Data())
    }

    /// A link whose target ends in a slash names a folder to the kernel: it is refused as the
    /// same path given with its slash is, and the file it would name is not written.
    @Test func aLinkWhoseTargetEndsInASlashIsRefusedAsTheKernelRefusesIt() throws {
        let state = try stateFile.write(#"{"version":3,"query":"","selectedID":1,"showsOnlySelected":false,"viewport":null}"#, to: "state.json")
        let saved = try ChildRun(restorectl: ["save", "--db", "real.sqlite", "--scene", "main", "--state", state], directory: stateFile.folder.url)
        #expect(saved.exit.isSuccess, "\(saved.stderr)")
        #expect(symlink("real.sqlite/", stateFile.path("slash.sqlite")) == 0)
        let bytes = FileManager.default.contents(atPath: stateFile.path("real.sqlite"))
        let before = try FileManager.default.contentsOfDirectory(atPath: stateFile.folder.url.path).sorted()
        for arguments in [["save", "--db", "slash.sqlite", "--scene", "linked", "--state", state], ["status", "--db", "slash.sqlite"], ["inspect", "--db", "slash.sqlite"]] {
            let run = try ChildRun(restorectl: arguments, directory: stateFile.folder.url)
            #expect(!run.exit.isSuccess && run.status != 64, "\(arguments): \(run.exit)")
            #expect(run.stderr.contains("ending in a slash"), "\(arguments): \(run.stderr)")
        }
        #expect(FileManager.default.contents(atPath: stateFile.path("real.sqlite")) == bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: stateFile.folder.url.path).sorted() == before)
    }
}

/// What killed creations leave behind is gone by the next creation attempt or writing open.
@Suite struct StagingLeftoverTests {
    /// A pid no process has: above the kernel's largest.
    static let deadPID = 4_194_400

    @Test func aKilledCreationsStagingFilesGoAtTheNextCreationAndAtTheNextWritingOpen() throws {
        let stateFile = try StateFile()
        let leftovers = ["", "-journal", "-wal"].map { "\(stateFile.path).creating-\(Self.deadPID)-0A1B2C3D-4E5F-6A7B-8C9D-0E1F2A3B4C5D\($0)" }
        for file in leftovers { try Data("half made".utf8).write(to: URL(fileURLWithPath: file)) }
        // The next creation of the file removes them.
        let store = try Store(path: stateFile.path, migrator: StateMigrations.makeMigrator())
        store.close()
        #expect(leftovers.allSatisfy { !FileManager.default.fileExists(atPath: $0) })

        // A writing open of an existing file too (the tool's `save`).
        for file in leftovers { try Data("half made".utf8).write(to: URL(fileURLWithPath: file)) }
        let live = "\(stateFile.path).creating-\(getpid())-FFFFFFFF-4E5F-6A7B-8C9D-0E1F2A3B4C5D"
        try Data("mine".utf8).write(to: URL(fileURLWithPath: live))
        let state = stateFile.path("state.json")
        try Data(#"{"version":3,"query":"","selectedID":null,"showsOnlySelected":false,"viewport":null}"#.utf8).write(to: URL(fileURLWithPath: state))
        #expect(CapturedRun(["save", "--db", stateFile.path, "--scene", "main", "--state", state]).exitCode == 0)
        #expect(leftovers.allSatisfy { !FileManager.default.fileExists(atPath: $0) })
        #expect(FileManager.default.fileExists(atPath: live))  // a live creator's file stays
    }
}
