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
    let folder: TemporaryDirectory
    let db: String
    /// What a planted link points to: a file the engine must never write.
    let target: String
    let targetBytes = Data("precious: not the guard header\n".utf8)
    let document: String

    init() throws {
        folder = try TemporaryDirectory()
        db = folder.path("state.sqlite")
        target = folder.path("precious.txt")
        document = folder.path("document.json")
        try targetBytes.write(to: URL(fileURLWithPath: target))
        try Data(#"{"books": [{"id": 1, "title": "Algorithms"}, {"id": 2, "title": "Database Internals"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: document))
        let store = try Store(path: db, migrator: StateMigrations.makeMigrator())
        try store.saveRecord(CatalogRecordCodec.encode(CatalogViewState(selectedID: 2)), version: 3, account: "default", scene: "main", kind: "catalog")
        store.close()
    }

    private func launch() throws -> (status: Int32, stdout: String, stderr: String) {
        let child = try ChildProcess(stress: ["launch", "--db", db, "--scene", "main", "--document", document])
        let lines = child.remainingLines()
        return (child.waitForExit().status, lines.joined(separator: "\n"), child.errorOutput())
    }

    private func restorectl(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let child = try ChildProcess(restorectl: arguments)
        let lines = child.remainingLines()
        return (child.waitForExit().status, lines.joined(separator: "\n"), child.errorOutput())
    }

    @Test func aLinkAtTheGuardFileIsNotFollowedAndTheRestoreSaysItIsUnguarded() throws {
        #expect(symlink(target, db + "-guard") == 0)
        let run = try launch()
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("restore-unguarded") && run.stdout.contains("symbolic link"), "\(run.stdout)")
        #expect(run.stdout.contains(#""selectedID":2"#), "the record is still restored: \(run.stdout)")
        #expect(FileManager.default.contents(atPath: target) == targetBytes, "the launch wrote through the link")
        #expect(SiblingFile.kindOfNonRegularFile(at: db + "-guard") == "a symbolic link", "the link itself is left as it is")
    }

    @Test func aDanglingLinkAtTheGuardFileCreatesNothingAtItsTarget() throws {
        let missing = folder.path("created-through-link")
        #expect(symlink(missing, db + "-guard") == 0)
        let run = try launch()
        #expect(run.status == 0 && run.stdout.contains("restore-unguarded"), "\(run.stdout) \(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test(arguments: ["-wal", "-shm"])
    func aLinkBesideTheDatabaseRefusesTheOpenWithAClearError(suffix: String) throws {
        #expect(symlink(target, db + suffix) == 0)
        let status = try restorectl(["status", "--db", db])
        #expect(status.status != 0 && status.status != 70, "\(status)")
        #expect(status.stderr.contains("\(db)\(suffix) is a symbolic link"), "\(status.stderr)")
        let launched = try launch()
        #expect(launched.status == 0)
        #expect(launched.stdout.contains("symbolic link") && !launched.stdout.contains("database-corrupt"), "\(launched.stdout)")
        #expect(FileManager.default.contents(atPath: target) == targetBytes)
        #expect(CorruptDatabaseFiles.copies(of: db).isEmpty, "nothing was moved aside")
    }

    @Test func aLinkAtTheBackupLockIsRefusedAndItsTargetKept() throws {
        // A schema-3 file: migrating it takes the backup lock.
        try FileManager.default.removeItem(atPath: db)
        let database = try Database(path: db)
        try database.executeScript(String(decoding: try Data(contentsOf: URL(fileURLWithPath: FixtureFolders.path("schema/v3.sql"))), as: UTF8.self))
        database.close()
        #expect(symlink(target, db + ".backup-lock") == 0)
        let run = try restorectl(["migrate", "--db", db])
        #expect(run.status != 0 && run.status != 70, "\(run)")
        #expect(run.stderr.contains(".backup-lock is a symbolic link"), "\(run.stderr)")
        #expect(FileManager.default.contents(atPath: target) == targetBytes)
    }

    @Test func aLinkAtAMovesDestinationIsSomethingThereAndIsNotFollowed() throws {
        let destination = folder.path("moved.sqlite")
        let missing = folder.path("through-link.sqlite")
        #expect(symlink(missing, destination) == 0)
        let run = try restorectl(["move", "--db", db, "--to", destination])
        #expect(run.status == 73, "\(run)")
        #expect(!FileManager.default.fileExists(atPath: missing), "the copy was written through the link")
        #expect(FileManager.default.fileExists(atPath: db))
    }

    @Test func theDatabasePathItselfMayBeALink() throws {
        let link = folder.path("link.sqlite")
        #expect(symlink(db, link) == 0)
        let run = try restorectl(["restore", "--db", link, "--scene", "main", "--document", document, "--json"])
        #expect(run.status == 0 && run.stdout.contains(#""selectedID" : 2"#) || run.stdout.contains(#""selectedID": 2"#), "\(run)")
    }
}
