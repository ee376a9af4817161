import Foundation
import ScreenKinds
import ScreenModels
import StateRestore
import StateStore
import TestSupport
import Testing

/// No file beside the database is opened through a symbolic link: a link planted at the guard
/// file, the backup lock, a `-wal` or `-shm`, or a move's destination leaves the file it points
/// to byte-identical; the guard answers `restore-unguarded`, the others a clear error. The
/// database path itself may be a link (followed once). Launches and commands run as real
/// processes (`restorectl-stress launch`, `restorectl`).
@Suite struct SiblingLinkTests {
    let stateFile: StateFile
    /// What a planted link points to: a file the engine must never write.
    let target: String
    let targetBytes = Data("precious: not the guard header\n".utf8)
    let document: String

    init() throws {
        stateFile = try StateFile()
        target = stateFile.path("precious.txt")
        document = stateFile.path("document.json")
        try targetBytes.write(to: URL(fileURLWithPath: target))
        try Data(#"{"books": [{"id": 1, "title": "Algorithms"}, {"id": 2, "title": "Database Internals"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: document))
        let store = try Store(path: stateFile.path, migrator: StateMigrations.makeMigrator())
        try store.saveRecord(RecordCodec<CatalogViewState>.encode(CatalogViewState(selectedID: 2)), version: 3, account: "default", scene: "main", kind: "catalog")
        store.close()
    }

    private func launch() throws -> (status: Int32, stdout: String, stderr: String) {
        let child = try ChildProcess(stress: ["launch", "--db", stateFile.path, "--scene", "main", "--document", document])
        let lines = child.remainingLines()
        return (child.waitForExit().status, lines.joined(separator: "\n"), child.errorOutput())
    }

    private func restorectl(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let child = try ChildProcess(restorectl: arguments)
        let lines = child.remainingLines()
        return (child.waitForExit().status, lines.joined(separator: "\n"), child.errorOutput())
    }

    @Test func aLinkAtTheGuardFileIsNotFollowedAndTheRestoreSaysItIsUnguarded() throws {
        #expect(symlink(target, stateFile.path + "-guard") == 0)
        let run = try launch()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("restore-unguarded") && run.stdout.contains("symbolic link"), "\(run.stdout)")
        #expect(run.stdout.contains(#""selectedID":2"#), "the record is still restored: \(run.stdout)")
        #expect(FileManager.default.contents(atPath: target) == targetBytes, "the launch wrote through the link")
        #expect(SiblingFile.kindOfNonRegularFile(at: stateFile.path + "-guard") == "a symbolic link", "the link itself is left as it is")
    }

    @Test func aDanglingLinkAtTheGuardFileCreatesNothingAtItsTarget() throws {
        let missing = stateFile.path("created-through-link")
        #expect(symlink(missing, stateFile.path + "-guard") == 0)
        let run = try launch()
        #expect(run.status == 0 && run.stdout.contains("restore-unguarded"), "\(run.stdout) \(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test(arguments: ["-wal", "-shm"])
    func aLinkBesideTheDatabaseRefusesTheOpenWithAClearError(suffix: String) throws {
        #expect(symlink(target, stateFile.path + suffix) == 0)
        let status = try restorectl(["status", "--db", stateFile.path])
        #expect(status.status != 0 && status.status != 70, "\(status)")
        #expect(status.stderr.contains("\(stateFile.path)\(suffix) is a symbolic link"), "\(status.stderr)")
        let launched = try launch()
        #expect(launched.status == 0)
        #expect(launched.stdout.contains("symbolic link") && !launched.stdout.contains("database-corrupt"), "\(launched.stdout)")
        #expect(FileManager.default.contents(atPath: target) == targetBytes)
        #expect(CorruptDatabaseFiles.copies(of: stateFile.path).isEmpty, "nothing was moved aside")
    }

    /// A link beside a database not made yet refuses its creation before anything is made:
    /// a complete new database was published at the path first and stayed there, at schema 0,
    /// beside the refusal (found by a review of the fix for a full disk at the first read).
    @Test(arguments: ["-wal", "-shm", "-journal"])
    func aLinkBesideADatabaseNotMadeYetRefusesItsCreationAndMakesNothing(suffix: String) throws {
        for name in ["", "-wal", "-shm"] { unlink(stateFile.path + name) }
        #expect(symlink(target, stateFile.path + suffix) == 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: stateFile.folder.url.path).sorted()
        let migrate = try restorectl(["migrate", "--db", stateFile.path])
        #expect(migrate.status != 0 && migrate.status != 70, "\(migrate)")
        #expect(migrate.stderr.contains("\(stateFile.path)\(suffix) is a symbolic link"), "\(migrate.stderr)")
        let launched = try launch()
        #expect(launched.status == 0 && launched.stdout.contains("symbolic link"), "\(launched.stdout) \(launched.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: stateFile.folder.url.path).sorted() == before)
        #expect(FileManager.default.contents(atPath: target) == targetBytes)
    }

    /// A link at `<db>-live` (the scenes each process has on screen) is never followed, and
    /// what asks it which scenes are on screen elsewhere refuses with a clear error and changes
    /// nothing: a discard, a prune and a rollback went on as if no scene were on screen
    /// anywhere, discarding a window another process showed (found by an audit).
    @Test(arguments: [["discard", "--scene", "main"], ["prune", "--unused-for", "1s"], ["rollback", "--scene", "main", "--kind", "catalog", "--to", "1"]])
    func aLinkAtTheLiveScenesFileRefusesWhatAsksItAndChangesNothing(verb: [String]) throws {
        // Two saves, so the rollback has an earlier record to put back, both old enough to prune.
        let store = try Store(path: stateFile.path, migrator: StateMigrations.makeMigrator())
        let record = try RecordCodec<CatalogViewState>.encode(CatalogViewState(selectedID: 1))
        try store.saveRecord(record, version: 3, account: "default", scene: "main", kind: "catalog", at: Store.now() - 86_400, rules: WriteRules(historyDepth: 3))
        store.close()
        #expect(symlink(target, stateFile.path + "-live") == 0)
        let run = try restorectl([verb[0], "--db", stateFile.path] + verb.dropFirst())
        #expect(run.status == 73, "\(verb): \(run.stdout) \(run.stderr)")
        #expect(run.stderr.contains("-live is a symbolic link") && run.stderr.contains("nothing was changed"), "\(run.stderr)")
        #expect(FileManager.default.contents(atPath: target) == targetBytes)
        let after = try Store(readingExistingFileAt: stateFile.path)
        defer { after.close() }
        #expect(try after.record(account: "default", scene: "main", kind: "catalog").map { String(decoding: $0.payload, as: UTF8.self) } == record)
    }

    /// A prune with nothing unused never asks `<db>-live`: a link there does not stop it.
    @Test func aPruneWithNothingUnusedIsNotStoppedByALinkAtTheLiveScenesFile() throws {
        #expect(symlink(target, stateFile.path + "-live") == 0)
        let run = try restorectl(["prune", "--db", stateFile.path, "--unused-for", "1000d"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.contents(atPath: target) == targetBytes)
    }

    @Test func aLinkAtTheBackupLockIsRefusedAndItsTargetKept() throws {
        // A schema-3 file: migrating it takes the backup lock.
        try FileManager.default.removeItem(atPath: stateFile.path)
        let database = try Database(path: stateFile.path)
        try database.executeScript(String(decoding: try Data(contentsOf: URL(fileURLWithPath: PackageFolders.path("schema/v3.sql"))), as: UTF8.self))
        database.close()
        #expect(symlink(target, stateFile.path + ".backup-lock") == 0)
        let run = try restorectl(["migrate", "--db", stateFile.path])
        #expect(run.status != 0 && run.status != 70, "\(run)")
        #expect(run.stderr.contains(".backup-lock is a symbolic link"), "\(run.stderr)")
        #expect(FileManager.default.contents(atPath: target) == targetBytes)
    }

    @Test func aLinkAtAMovesDestinationIsSomethingThereAndIsNotFollowed() throws {
        let destination = stateFile.path("moved.sqlite")
        let missing = stateFile.path("through-link.sqlite")
        #expect(symlink(missing, destination) == 0)
        let run = try restorectl(["move", "--db", stateFile.path, "--to", destination])
        #expect(run.status == 73, "\(run)")
        #expect(!FileManager.default.fileExists(atPath: missing), "the copy was written through the link")
        #expect(FileManager.default.fileExists(atPath: stateFile.path))
    }

    @Test func theDatabasePathItselfMayBeALink() throws {
        let link = stateFile.path("link.sqlite")
        #expect(symlink(stateFile.path, link) == 0)
        let run = try restorectl(["restore", "--db", link, "--scene", "main", "--document", document, "--json"])
        #expect(run.status == 0 && run.stdout.contains(#""selectedID" : 2"#) || run.stdout.contains(#""selectedID": 2"#), "\(run)")
    }
}
