import Foundation
import TestSupport
import Testing

/// Every path the tool is given is the kernel's, relative to the working directory: a name
/// SQLite would read as its own (`:memory:`, `file:…`) is a file of that name there, an empty
/// path is a usage error, a path ending in a slash names no database, and `move` and `export`
/// refuse a name the database's own files take beside it, losing nothing (the real binary,
/// run in a folder of its own, with relative paths).
@Suite struct KernelPathNameTests {
    let folder: TemporaryDirectory

    init() throws { folder = try TemporaryDirectory() }

    private func run(_ arguments: [String]) throws -> ChildRun {
        try ChildRun(restorectl: arguments, directory: folder.url, killedAfter: .seconds(60))
    }

    private func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() }

    private func save(_ database: String, scene: String = "main") throws -> ChildRun {
        try run(["save", "--db", database, "--scene", scene, "--state", PackageFolders.path("records/v3-viewport.json")])
    }

    @Test(arguments: [":memory:", "file:state.sqlite", "file:state.sqlite?mode=memory"])
    func aNameSQLiteReadsAsItsOwnIsAFileOfThatNameInTheWorkingDirectory(name: String) throws {
        let saved = try save(name)
        #expect(saved.exit.isSuccess, "\(saved.stderr)")
        #expect(try names() == [name])
        var status = stat()
        #expect(lstat(folder.path(name), &status) == 0 && status.st_mode & 0o777 == 0o600)
        let restored = try run(["inspect", "--db", name, "--json"])
        #expect(restored.exit.isSuccess && restored.stdout.contains("\"main\""), "\(restored.stderr)")
    }

    @Test(arguments: [["save", "--scene", "main", "--state", "STATE", "--db"], ["status", "--db"], ["move", "--db", "db.sqlite", "--to"], ["export", "--db", "db.sqlite", "--redact", "--out"]])
    func anEmptyPathIsAUsageErrorAndCreatesNothing(command: [String]) throws {
        #expect(try save("db.sqlite").exit.isSuccess)
        let before = try names()
        let arguments = command.map { $0 == "STATE" ? PackageFolders.path("records/v3-viewport.json") : $0 } + [""]
        let result = try run(arguments)
        #expect(result.exit.status == 64, "\(arguments): \(result.exit) \(result.stderr)")
        #expect(result.stderr.contains("expects a path, got an empty one"), "\(result.stderr)")
        #expect(try names() == before)
    }

    @Test func aPathEndingInASlashNamesNoDatabaseAndCreatesNothing() throws {
        #expect(try save("db.sqlite").exit.isSuccess)
        let before = try names()
        for arguments in [
            ["status", "--db", "db.sqlite/"], ["save", "--db", "new.sqlite/", "--scene", "main", "--state", PackageFolders.path("records/v3-viewport.json")],
            ["move", "--db", "db.sqlite", "--to", "moved.sqlite/"], ["export", "--db", "db.sqlite", "--redact", "--out", "export.sqlite/"],
        ] {
            let result = try run(arguments)
            #expect(!result.exit.isSuccess && result.exit.status != 64, "\(arguments): \(result.exit)")
            #expect(result.stderr.contains("ending in a slash"), "\(arguments): \(result.stderr)")
            #expect(try names() == before, "\(arguments)")
        }
    }

    @Test(arguments: ["-wal", "-shm", "-journal", "-guard", "-live", "-moved"])
    func moveAndExportRefuseANameOfTheDatabasesOwnFiles(suffix: String) throws {
        #expect(try save("db.sqlite").exit.isSuccess)
        let before = try names().map { ($0, FileManager.default.contents(atPath: folder.path($0))) }
        for arguments in [["move", "--db", "db.sqlite", "--to", "db.sqlite" + suffix], ["export", "--db", "db.sqlite", "--redact", "--out", "db.sqlite" + suffix]] {
            let result = try run(arguments)
            #expect(result.exit.status == 73, "\(arguments): \(result.exit) \(result.stderr)")
            #expect(result.stderr.contains("one of the database's own files"), "\(arguments): \(result.stderr)")
            #expect(try names().map { ($0, FileManager.default.contents(atPath: folder.path($0))) }.elementsEqual(before) { $0 == $1 }, "\(arguments)")
        }
        let restored = try run(["restore", "--db", "db.sqlite", "--scene", "main", "--document", PackageFolders.path("documents/original.json")])
        #expect(restored.exit.isSuccess && !restored.stdout.contains("no-record"), "\(restored.stdout)")
    }

    /// A name the kernel takes, with room for SQLite's `-journal` beside it (247 bytes), is a
    /// database of that name: one of 196 bytes could not be created, its staging name being
    /// about 60 bytes longer. A longer one is refused (73) with nothing made: it left an empty
    /// file no save could use.
    @Test(arguments: [196, 247])
    func aNameTheKernelTakesIsCreatedWhateverItsLength(bytes: Int) throws {
        let name = String(repeating: "a", count: bytes - ".sqlite".utf8.count) + ".sqlite"
        let saved = try save(name)
        #expect(saved.exit.isSuccess, "\(saved.stderr)")
        let created = try names()
        #expect(created.allSatisfy { $0.hasPrefix(name) && !$0.contains(".creating-") }, "\(created)")
        let restored = try run(["inspect", "--db", name, "--json"])
        #expect(restored.exit.isSuccess && restored.stdout.contains("\"main\""), "\(restored.stderr)")
    }

    @Test func aNameWithNoRoomForSQLitesJournalIsRefusedAndNothingIsMade() throws {
        let name = String(repeating: "b", count: 250 - ".sqlite".utf8.count) + ".sqlite"
        let saved = try save(name)
        #expect(saved.exit.status == 73 && saved.stderr.contains("nothing was created"), "\(saved.exit) \(saved.stderr)")
        #expect(try names().isEmpty)
    }

    @Test func aMoveToAFileURINameWritesTheFileOfThatName() throws {
        #expect(try save("db.sqlite").exit.isSuccess)
        let moved = try run(["move", "--db", "db.sqlite", "--to", "file:moved.sqlite"])
        #expect(moved.exit.isSuccess, "\(moved.stderr)")
        #expect(try names() == ["db.sqlite-moved", "file:moved.sqlite"])
        var status = stat()
        #expect(lstat(folder.path("file:moved.sqlite"), &status) == 0 && status.st_mode & 0o777 == 0o600)
        let inspected = try run(["inspect", "--db", "file:moved.sqlite", "--json"])
        #expect(inspected.exit.isSuccess && inspected.stdout.contains("\"main\""), "\(inspected.stderr)")
    }
}
