import Dispatch
import Foundation
import ScreenKinds
import ScreenModels
import StateRestore
import StateStore
import TestSupport
import Testing

/// Unavailable is not empty: on a real full disk, a read-only mount and a file this user may
/// not write, a launch restores the stored state (read without writing, `database-read-only`),
/// the read-only tools answer as on a writable disk, nothing is left beside the file, and once
/// space or permission returns the next save succeeds with no cleanup. Mounts and users are
/// real (root, a tmpfs, `setpriv` to `nobody`); where the machine refuses, the test says so
/// and skips.
@Suite(.serialized) struct StorageFaultTests {
    static let document = #"{"books": [{"id": 1, "title": "Algorithms"}, {"id": 2, "title": "Database Internals"}]}"#
    static let stored = CatalogViewState(query: "data", selectedID: 2)

    /// A database at `path` holding `stored` for scene "main", cleanly closed (no `-wal`).
    private static func makeDatabase(at path: String) throws {
        let restorer = StateRestorer(path: path)
        try restorer.save(stored, for: try SceneKey(scene: "main"))
        try restorer.close()
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    private static func listing(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !["filler", "document.json", "state.json", "lost+found"].contains($0) }.sorted()
    }

    /// Runs the real `restorectl`, as `user` when given (through setpriv).
    private static func run(_ arguments: [String], as user: String? = nil) throws -> ChildRun {
        guard let user else { return try ChildRun(restorectl: arguments) }
        let tool = try ChildProcess.builtTool(named: "restorectl")
        return try ChildRun(tool: URL(fileURLWithPath: "/usr/bin/setpriv"), ["--reuid=\(user)", "--regid=nogroup", "--clear-groups", tool.path] + arguments)
    }

    /// The stored state a library launch restores, with its report codes.
    private static func restore(_ path: String) throws -> (state: CatalogViewState, codes: [RestoreCode]) {
        let restorer = StateRestorer(path: path)
        defer { try? restorer.close() }
        let restored = restorer.restore(CatalogViewState.self, try SceneKey(scene: "main"), against: CatalogDocument(books: [CatalogBook(id: 2, title: "Database Internals")]))
        return (restored.state, restored.report.map(\.code))
    }

    /// The file systems a full disk is tried on: a tmpfs, and ext4 on a loop device.

    /// What the read-only tools print for `db`, to compare before and after a fault.
    private static func toolAnswers(_ db: String) throws -> [String] {
        try [["check", "--db", db, "--json"], ["status", "--db", db], ["inspect", "--db", db]].map { arguments in
            let run = try Self.run(arguments)
            return "\(arguments[0]) exit \(run.status)\n\(run.stdout)"
        }
    }

    @Test(.enabled(if: TestHost.canMountTmpfs, "mounts a tmpfs: needs root and a mount namespace"))
    func onAFullTmpfsALaunchRestoresTheStoredStateAndTheToolsAnswerAsBefore() throws {
        try Self.expectAFullDiskLaunchRestoresAndTheToolsAnswerAsBefore(on: #require(try ScratchMount(tmpfsSize: "2m")))
    }

    @Test(.enabled(if: TestHost.canMountExt4, "mounts an ext4 image: needs root, a loop device and e2fsprogs"))
    func onAFullExt4DiskALaunchRestoresTheStoredStateAndTheToolsAnswerAsBefore() throws {
        try Self.expectAFullDiskLaunchRestoresAndTheToolsAnswerAsBefore(on: #require(try ScratchMount(ext4Megabytes: 8)))
    }

    private static func expectAFullDiskLaunchRestoresAndTheToolsAnswerAsBefore(on mount: ScratchMount) throws {
        defer { mount.unmount() }
        let db = mount.path("state.sqlite")
        try Self.makeDatabase(at: db)
        try Data(Self.document.utf8).write(to: URL(fileURLWithPath: mount.path("document.json")))
        try Data(#"{"version":3,"query":"refused","selectedID":null,"showsOnlySelected":false,"viewport":null}"#.utf8).write(to: URL(fileURLWithPath: mount.path("state.json")))
        let checkBefore = try Self.run(["check", "--db", db, "--json"])
        let answersBefore = try Self.toolAnswers(db)
        let before = Self.listing(mount.root.path)
        try mount.fill()

        let restored = try Self.restore(db)
        #expect(restored.state == Self.stored)
        #expect(restored.codes.contains(.databaseReadOnly) && !restored.codes.contains(.databaseUnavailable), "\(restored.codes)")
        #expect(Self.listing(mount.root.path) == before, "the launch left files behind")
        let cli = try Self.run(["restore", "--db", db, "--scene", "main", "--document", mount.path("document.json"), "--json"])
        // The tool's restore reads only, full disk or not.
        #expect(cli.status == 0 && cli.stdout.contains(#""query": "data""#) && !cli.stdout.contains("database-"), "\(cli)")
        #expect(Self.listing(mount.root.path) == before, "the tool's restore left files behind")
        let check = try Self.run(["check", "--db", db, "--json"])
        #expect(check.status == checkBefore.status && check.stdout == checkBefore.stdout, "\(check)")
        #expect(try Self.toolAnswers(db) == answersBefore)
        // A save is refused as storage (74), naming the cause, and leaves nothing behind.
        let refused = try Self.run(["save", "--db", db, "--scene", "main", "--state", mount.path("state.json")])
        #expect(refused.status == 74, "\(refused)")
        #expect(Self.listing(mount.root.path) == before)
        #expect(try Self.restore(db).state == Self.stored)

        // Space comes back: the next save works, with no cleanup by hand.
        try mount.emptyFiller()
        let restorer = StateRestorer(path: db)
        try restorer.save(CatalogViewState(query: "after"), for: try SceneKey(scene: "main"))
        try restorer.close()
        #expect(try Self.restore(db).state.query == "after")
    }

    @Test(.enabled(if: TestHost.canMountTmpfs, "mounts a tmpfs: needs root and a mount namespace"))

    func onAReadOnlyMountALaunchRestoresTheStoredState() throws {
        let mount = try #require(try ScratchMount(tmpfsSize: "4m"))
        defer { mount.unmount() }
        let db = mount.path("state.sqlite")
        try Self.makeDatabase(at: db)
        let answersBefore = try Self.toolAnswers(db)
        try #require(mount.remount(readOnly: true), "the tmpfs could not be remounted read-only")
        let restored = try Self.restore(db)
        #expect(restored.state == Self.stored && restored.codes.contains(.databaseReadOnly), "\(restored.codes)")
        #expect(try Self.toolAnswers(db) == answersBefore)
        #expect(mount.remount(readOnly: false))
        let restorer = StateRestorer(path: db)
        try restorer.save(CatalogViewState(query: "after"), for: try SceneKey(scene: "main"))
        try restorer.close()
        #expect(try Self.restore(db).state.query == "after")
    }

    @Test(.enabled(if: TestHost.canRunAsNobody, "runs the tool as nobody: needs root and setpriv"))
    func aFileThisUserMayNotWriteIsReadAndLeavesNothingThatBlocksALaterSave() throws {
        let file = try StateFile()
        try Self.makeDatabase(at: file.path)
        try Data(Self.document.utf8).write(to: URL(fileURLWithPath: file.path("document.json")))
        try #require(chown(file.folder.url.path, 65534, 65534) == 0 && chown(file.path, 65534, 65534) == 0)
        try #require(chmod(file.folder.url.path, 0o755) == 0 && chmod(file.path, 0o400) == 0)
        let run = try Self.restoreAsNobody(file.path, document: file.path("document.json"))
        // The tool's restore reads only, whatever the file's mode: nothing to report about it.
        #expect(run.status == 0 && run.stdout.contains(#""query": "data""#) && !run.stdout.contains("database-"), "\(run)")
        #expect(!FileManager.default.fileExists(atPath: file.path + "-wal") && !FileManager.default.fileExists(atPath: file.path + "-shm"))
        // Write permission back: the next save (as that user) succeeds.
        #expect(chmod(file.path, 0o600) == 0)
        let state = file.path("after.json")
        try Data(#"{"version":3,"query":"after","selectedID":null,"showsOnlySelected":false,"viewport":null}"#.utf8).write(to: URL(fileURLWithPath: state))
        #expect(chown(state, 65534, 65534) == 0)
        let save = try Self.run(["save", "--db", file.path, "--scene", "main", "--state", state], as: "nobody")
        #expect(save.status == 0, "\(save)")
    }

    /// A verb that writes, run on a file this user may not write (mode 0444 in a folder the
    /// user may write), is refused (74) naming the file and `EACCES`, and leaves no `-wal` or
    /// `-shm`: SQLite opened the file read-only and made both, of the file's mode, and no close
    /// removed them, so once the file was writable again every save failed on the 0444 `-shm`.
    @Test(
        .enabled(if: TestHost.canRunAsNobody, "runs the tool as nobody: needs root and setpriv"),
        arguments: [["save", "--scene", "other", "--state", "STATE"], ["purge", "--account", "default"], ["discard", "--scene", "main"], ["prune", "--unused-for", "1d"]])
    func aWriteToAFileThisUserMayNotWriteLeavesNothingThatBlocksALaterSave(verb: [String]) throws {
        let file = try StateFile()
        try Self.makeDatabase(at: file.path)
        let state = file.path("after.json")
        try Data(#"{"version":3,"query":"after","selectedID":null,"showsOnlySelected":false,"viewport":null}"#.utf8).write(to: URL(fileURLWithPath: state))
        try #require(chown(file.folder.url.path, 65534, 65534) == 0 && chown(file.path, 65534, 65534) == 0 && chown(state, 65534, 65534) == 0)
        try #require(chmod(file.folder.url.path, 0o755) == 0 && chmod(file.path, 0o444) == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: file.path))
        let arguments = [verb[0], "--db", file.path] + verb.dropFirst().map { $0 == "STATE" ? state : $0 }
        let refused = try Self.run(arguments, as: "nobody")
        #expect(refused.status == 74 && refused.stderr.contains("\(file.path) cannot be written (EACCES"), "\(verb[0]): \(refused)")
        #expect(Self.listing(file.folder.url.path) == ["after.json", "state.sqlite"], "\(verb[0]) left files beside the database")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == before)
        // Write permission back: the next save (as that user) succeeds, with no cleanup.
        #expect(chmod(file.path, 0o600) == 0)
        let save = try Self.run(["save", "--db", file.path, "--scene", "main", "--state", state], as: "nobody")
        #expect(save.status == 0, "\(save)")
    }

    /// `restore --json` of scene "main" run as nobody.
    private static func restoreAsNobody(_ db: String, document: String) throws -> ChildRun {
        try Self.run(["restore", "--db", db, "--scene", "main", "--document", document, "--json"], as: "nobody")
    }

    /// A database holding `stored` in a folder `data` of its own, beside the document, ready to
    /// be handed to nobody: (the folder, the database).
    private static func makeDatabaseInAFolderOfItsOwn(in parent: TemporaryDirectory) throws -> (folder: String, db: String) {
        chmod(parent.url.path, 0o755)
        let folder = parent.path("data")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let db = folder + "/state.sqlite"
        try makeDatabase(at: db)
        try Data(document.utf8).write(to: URL(fileURLWithPath: parent.path("document.json")))
        return (folder, db)
    }

    /// Hands `folder` (mode `folderMode`) and `db` (mode `fileMode`) to nobody; whether it could.
    private static func handToNobody(folder: String, folderMode: mode_t, db: String, fileMode: mode_t) -> Bool {
        chown(folder, 65534, 65534) == 0 && chown(db, 65534, 65534) == 0 && chmod(db, fileMode) == 0 && chmod(folder, folderMode) == 0
    }

    @Test(.enabled(if: TestHost.canRunAsNobody, "runs the tool as nobody: needs root and setpriv"))
    func aReadOnlyFolderIsReadAsItIsAndTheToolsAnswerAsBefore() throws {
        let parent = try TemporaryDirectory()
        let (folder, db) = try Self.makeDatabaseInAFolderOfItsOwn(in: parent)
        let answersBefore = try Self.toolAnswers(db)
        try #require(Self.handToNobody(folder: folder, folderMode: 0o500, db: db, fileMode: 0o600))
        let run = try Self.restoreAsNobody(db, document: parent.path("document.json"))
        // The tool's restore reads only, whatever the folder allows: nothing to report about it.
        #expect(run.status == 0 && run.stdout.contains(#""query": "data""#) && !run.stdout.contains("database-"), "\(run)")
        for (arguments, before) in zip([["check", "--db", db, "--json"], ["status", "--db", db], ["inspect", "--db", db]], answersBefore) {
            let answer = try Self.run(arguments, as: "nobody")
            #expect("\(arguments[0]) exit \(answer.status)\n\(answer.stdout)" == before, "\(answer.stderr)")
        }
        #expect(Self.listing(folder) == ["state.sqlite"], "nothing was created in the folder")
        let state = parent.path("after.json")
        try Data(#"{"version":3,"query":"after","selectedID":null,"showsOnlySelected":false,"viewport":null}"#.utf8).write(to: URL(fileURLWithPath: state))
        chmod(state, 0o644)
        // A save there says which path may not be written and why, not SQLite's words alone.
        let refused = try Self.run(["save", "--db", db, "--scene", "main", "--state", state], as: "nobody")
        #expect(refused.status == 74 && refused.stderr.contains("\(folder) cannot be written (EACCES"), "\(refused)")
        #expect(Self.listing(folder) == ["state.sqlite"], "nothing was created in the folder")
        // The folder writable again: the next save succeeds with no cleanup.
        #expect(chmod(folder, 0o700) == 0)
        let save = try Self.run(["save", "--db", db, "--scene", "main", "--state", state], as: "nobody")
        #expect(save.status == 0, "\(save)")
    }

    /// A move whose user may write the file but not remove it from its folder (a sticky folder,
    /// the file another user's, as in `/tmp`) copies it, leaves its note, finds it cannot remove
    /// the original, removes the copy and the note and exits 74 naming EPERM: it reported
    /// success and left two files, the old one still taking saves while the app had been told
    /// it moved.
    @Test(.enabled(if: TestHost.canRunAsNobody, "runs the tool as nobody: needs root and setpriv"))
    func aMoveThatCannotRemoveTheOriginalMovesNothing() throws {
        let parent = try TemporaryDirectory()
        let (folder, db) = try Self.makeDatabaseInAFolderOfItsOwn(in: parent)
        // root's files, writable by anyone, in root's sticky folder: nobody may write them and
        // create files beside them, not remove them.
        for suffix in ["-wal", "-shm"] {
            let companion: String = db + suffix
            try #require(FileManager.default.createFile(atPath: companion, contents: nil, attributes: [.posixPermissions: 0o666]))
        }
        let shared: [String] = [db, db + "-wal", db + "-shm"]
        try #require(shared.allSatisfy { chmod($0, 0o666) == 0 } && chmod(folder, 0o1777) == 0)
        try Self.expectMoveAsNobodyRefused(db, in: folder, under: parent, handing: [], naming: ["cannot remove", "EPERM"])
    }

    /// A move whose user may not create its note beside the original, nor remove it (the folder
    /// is another user's) is refused before anything is copied: 74 naming EACCES.
    @Test(.enabled(if: TestHost.canRunAsNobody, "runs the tool as nobody: needs root and setpriv"))
    func aMoveThatCannotLeaveItsNoteMovesNothing() throws {
        let parent = try TemporaryDirectory()
        let (folder, db) = try Self.makeDatabaseInAFolderOfItsOwn(in: parent)
        // The log and index exist already, nobody's: the folder (root's, 0755) lets nobody write
        // the files in it, not create or remove any.
        for suffix in ["-wal", "-shm"] {
            let companion: String = db + suffix
            try #require(FileManager.default.createFile(atPath: companion, contents: nil, attributes: [.posixPermissions: 0o600]))
        }
        try Self.expectMoveAsNobodyRefused(db, in: folder, under: parent, handing: [db, db + "-wal", db + "-shm"], naming: ["cannot be written", "EACCES"])
    }

    /// Runs `move` of `db` as nobody to a folder of nobody's under `parent` (after handing
    /// nobody `handing`) and expects it refused: 74, its message holding each of `naming` and
    /// "nothing was moved", nothing at the destination or beside the original, `db` unchanged.
    private static func expectMoveAsNobodyRefused(_ db: String, in folder: String, under parent: TemporaryDirectory, handing: [String], naming: [String]) throws {
        let destinationFolder = parent.path("moved")
        try FileManager.default.createDirectory(atPath: destinationFolder, withIntermediateDirectories: false)
        try #require((handing + [destinationFolder]).allSatisfy { chown($0, 65534, 65534) == 0 })
        let before = FileManager.default.contents(atPath: db)
        let run = try Self.run(["move", "--db", db, "--to", destinationFolder + "/state.sqlite"], as: "nobody")
        #expect(run.status == 74, "\(run)")
        #expect((naming + ["nothing was moved"]).allSatisfy(run.stderr.contains), "\(run.stderr)")
        #expect(Self.listing(destinationFolder).isEmpty, "the copy was left at the destination")
        #expect(Self.listing(folder) == ["state.sqlite", "state.sqlite-shm", "state.sqlite-wal"], "something was left beside the original")
        #expect(FileManager.default.contents(atPath: db) == before)
        #expect(try Self.restore(db).state == Self.stored, "the stored state is intact")
    }

    /// A move whose note cannot be left at the old path (its disk is full) is refused: the copy
    /// is removed and the original left as it was. It used to succeed with an empty note, which
    /// reads as none, so a later save at the old path created a second database there, taking
    /// saves the app at the new path never saw.
    @Test(.enabled(if: TestHost.canMountTmpfs, "mounts a tmpfs: needs root and a mount namespace"))
    func aMoveThatCannotLeaveItsNoteOnAFullDiskMovesNothing() throws {
        let mount = try #require(try ScratchMount(tmpfsSize: "1m"))
        let db = mount.path("state.sqlite")
        // Made elsewhere and copied in: a log SQLite made and removed on the mount gives its
        // blocks back only when every process holding it lets go (a child another test of this
        // process is spawning may, until its exec), which could free space after the fill.
        let elsewhere = try TemporaryDirectory()
        try Self.makeDatabase(at: elsewhere.path("state.sqlite"))
        try FileManager.default.copyItem(atPath: elsewhere.path("state.sqlite"), toPath: db)
        let destinationFolder = try TemporaryDirectory()
        let destination = destinationFolder.path("state.sqlite")
        let before = FileManager.default.contents(atPath: db)
        try mount.fill()
        let run = try Self.run(["move", "--db", db, "--to", destination])
        #expect(run.status == 74, "\(run)")
        #expect(run.stderr.contains("ENOSPC") && run.stderr.contains("nothing was moved"), "\(run.stderr)")
        #expect(Self.listing(destinationFolder.url.path).isEmpty, "the copy was left at the destination")
        #expect(Self.listing(mount.root.path) == ["state.sqlite"], "no note, nor anything else, was left beside the original")
        #expect(FileManager.default.contents(atPath: db) == before)
        try mount.emptyFiller()
        #expect(try Self.restore(db).state == Self.stored, "the stored state is intact, at its path")
    }

    /// Whatever is at `<db>-moved` where no database is (an empty note, a folder) stops a
    /// database being created there: it may be all a move left.
    @Test func anEmptyOrUnreadableMoveNoteStillStopsANewDatabaseAtTheOldPath() throws {
        let folder = try TemporaryDirectory()
        let db = folder.path("state.sqlite")
        let state = folder.path("state.json")
        try Data(#"{"version":3,"query":"q","selectedID":null,"showsOnlySelected":false,"viewport":null}"#.utf8).write(to: URL(fileURLWithPath: state))
        for makeNote in [
            { FileManager.default.createFile(atPath: db + "-moved", contents: nil) }, { (try? FileManager.default.createDirectory(atPath: db + "-moved", withIntermediateDirectories: false)) != nil },
        ] {
            try #require(makeNote())
            for arguments in [["save", "--db", db, "--scene", "main", "--state", state], ["status", "--db", db]] {
                let run = try Self.run(arguments)
                #expect(run.status == 66 && run.stderr.contains("was moved to an unknown path"), "\(arguments[0]): \(run)")
            }
            #expect(!FileManager.default.fileExists(atPath: db), "a database was created beside the note")
            try FileManager.default.removeItem(atPath: db + "-moved")
        }
    }

    /// A process so short of descriptors that dispatch could not start its event loop for the
    /// writer's first timer: the loop is started only when descriptors can be had, so the demo
    /// (whose screens save through a coalescing writer) exits 74 naming EMFILE, or succeeds. It
    /// died of SIGILL inside libdispatch at limits 6 to 10.
    @Test func aProcessShortOfDescriptorsNeverDiesInTheWritersTimer() throws {
        let folder = try TemporaryDirectory()
        let db = folder.path("demo.sqlite")
        #expect(try Self.run(["demo", "--db", db]).status == 0)
        let tool = try ChildProcess.builtTool(named: "restorectl").path
        for limit in 6...14 {
            let run = try ChildRun(tool: URL(fileURLWithPath: "/bin/sh"), ["-c", "ulimit -n \(limit) && exec \"$0\" \"$@\"", tool, "demo", "--db", db])
            #expect(run.status == 0 || (run.status == 74 && run.stderr.contains("EMFILE")), "ulimit -n \(limit): \(run)")
        }
        #expect(try Self.run(["check", "--db", db]).status == 0)
    }

    @Test(.enabled(if: TestHost.canRunAsNobody, "runs the tool as nobody: needs root and setpriv"))
    func aFileThisUserMayNotReadIsUnavailableNamingTheCauseAndNothingIsCreated() throws {
        let parent = try TemporaryDirectory()
        let (folder, db) = try Self.makeDatabaseInAFolderOfItsOwn(in: parent)
        // nobody owns the folder (it could create files there) but not the file, which is 0600.
        try #require(chown(folder, 65534, 65534) == 0 && chmod(folder, 0o700) == 0 && chmod(db, 0o600) == 0)
        let run = try Self.restoreAsNobody(db, document: parent.path("document.json"))
        #expect(run.status == 0 && run.stdout.contains("database-unavailable") && run.stdout.contains("EACCES"), "\(run)")
        #expect(!run.stdout.contains("database-corrupt"))
        #expect(Self.listing(folder) == ["state.sqlite"], "nothing was created or moved aside")
        #expect(try Self.restore(db).state == Self.stored, "the stored state is intact")
    }

    /// Every verb but `restore` (which shows what a launch makes of it: `database-unavailable`)
    /// refuses a database this user may not read as an input that cannot be read: 66, naming
    /// the file and `EACCES`, and nothing is created. They answered 73 (cannot create), 65, or
    /// `check`'s 1 with the permission listed as a fault of the file.
    @Test(
        .enabled(if: TestHost.canRunAsNobody, "runs the tool as nobody: needs root and setpriv"),
        arguments: [
            ["status"], ["inspect"], ["check"], ["quarantine", "list"], ["shelf", "list"], ["history", "--scene", "main", "--kind", "catalog"],
            ["migrate", "--dry-run"], ["migrate"], ["export", "--redact", "--out", "OUT"], ["portable", "--scene", "main"], ["purge", "--account", "default"],
            ["discard", "--scene", "main"], ["save", "--scene", "other", "--state", "STATE"],
        ])
    func everyVerbRefusesAFileThisUserMayNotReadAsAnUnreadableInput(verb: [String]) throws {
        let parent = try TemporaryDirectory()
        let (folder, db) = try Self.makeDatabaseInAFolderOfItsOwn(in: parent)
        let state = parent.path("state.json")
        try Data(#"{"version":3,"query":"after","selectedID":null,"showsOnlySelected":false,"viewport":null}"#.utf8).write(to: URL(fileURLWithPath: state))
        chmod(state, 0o644)
        try #require(chown(folder, 65534, 65534) == 0 && chmod(folder, 0o700) == 0 && chmod(db, 0o600) == 0)
        let arguments = verb + ["--db", db]
        let filled = arguments.map { $0 == "STATE" ? state : $0 == "OUT" ? folder + "/out.sqlite" : $0 }
        let run = try Self.run(filled, as: "nobody")
        #expect(run.status == 66, "\(verb): \(run)")
        #expect(run.stderr == "restorectl: \(db) cannot be read by this process (EACCES: Permission denied); nothing was read or changed\n", "\(verb): \(run.stderr)")
        #expect(Self.listing(folder) == ["state.sqlite"], "\(verb) created something")
        #expect(try Self.restore(db).state == Self.stored, "the stored state is intact")
    }

    /// A process without descriptors to spare (`ulimit -n`): whatever the limit, the launch
    /// never reports damage or moves anything aside, a failure names EMFILE, and a save that
    /// cannot open the file exits 74 saying so.
    @Test func aProcessOutOfDescriptorsNamesEMFILEAndMovesNothingAside() throws {
        let file = try StateFile()
        try Self.makeDatabase(at: file.path)
        try Data(Self.document.utf8).write(to: URL(fileURLWithPath: file.path("document.json")))
        let state = file.path("after.json")
        try Data(#"{"version":3,"query":"after","selectedID":null,"showsOnlySelected":false,"viewport":null}"#.utf8).write(to: URL(fileURLWithPath: state))
        let tool = try ChildProcess.builtTool(named: "restorectl").path
        func limited(_ limit: Int, _ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
            let child = try ChildProcess(tool: URL(fileURLWithPath: "/bin/sh"), arguments: ["-c", "ulimit -n \(limit) && exec \"$0\" \"$@\"", tool] + arguments)
            let lines = child.remainingLines()
            return (child.waitForExit().status, lines.joined(separator: "\n"), child.errorOutput())
        }
        var namedEMFILE = false
        for limit in 4...9 {
            let run = try limited(limit, ["restore", "--db", file.path, "--scene", "main", "--document", file.path("document.json"), "--json"])
            #expect(run.status == 0, "ulimit -n \(limit): \(run)")
            #expect(!run.stdout.contains("database-corrupt"), "ulimit -n \(limit): \(run.stdout)")
            if run.stdout.contains("database-unavailable") || run.stdout.contains("database-read-only") {
                #expect(run.stdout.contains("EMFILE"), "ulimit -n \(limit): the cause is named: \(run.stdout)")
                namedEMFILE = true
            }
            let save = try limited(limit, ["save", "--db", file.path, "--scene", "main", "--state", state])
            if save.status != 0 {
                #expect(save.status == 74 && save.stderr.contains("EMFILE"), "ulimit -n \(limit): \(save)")
                namedEMFILE = true
            }
        }
        #expect(namedEMFILE, "no limit from 4 to 9 ran the tool out of descriptors")
        #expect(CorruptDatabaseFiles.copies(of: file.path).isEmpty, "nothing was moved aside")
        let query = try Self.restore(file.path).state.query
        #expect(query == "after" || query == "data")
    }
}
