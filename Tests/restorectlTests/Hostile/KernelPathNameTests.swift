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

    /// A name with room for every file the store makes beside the database (223 bytes: a
    /// damaged file's moved-aside log is 32 bytes longer) is a database of that name: one of
    /// 196 bytes could not be created, its staging name being about 60 bytes longer.
    @Test(arguments: [196, 223])
    func aNameWithRoomForTheStoresOwnFilesIsCreated(bytes: Int) throws {
        let name = String(repeating: "a", count: bytes - ".sqlite".utf8.count) + ".sqlite"
        let saved = try save(name)
        #expect(saved.exit.isSuccess, "\(saved.stderr)")
        let created = try names()
        #expect(created.allSatisfy { $0.hasPrefix(name) && !$0.contains(".creating-") }, "\(created)")
        let restored = try run(["inspect", "--db", name, "--json"])
        #expect(restored.exit.isSuccess && restored.stdout.contains("\"main\""), "\(restored.stderr)")
        for sibling in [".corrupt-20261206T002233Z-99-wal", ".backup-v10.partial-journal"] {
            #expect(FileManager.default.createFile(atPath: folder.path(name + sibling), contents: nil), "\(sibling)")
        }
    }

    /// A longer name is refused (73) with nothing made. Up to 247 bytes were created, with no
    /// room beside them for the migration's backup (every save after the app's update was
    /// refused) nor for a damaged file's moved-aside copy (every launch got the default state);
    /// past 247 it left an empty file no save could use.
    @Test(arguments: [224, 250])
    func aNameWithNoRoomForTheStoresOwnFilesIsRefusedAndNothingIsMade(bytes: Int) throws {
        let name = String(repeating: "b", count: bytes - ".sqlite".utf8.count) + ".sqlite"
        let saved = try save(name)
        #expect(saved.exit.status == 73 && saved.stderr.contains("nothing was created") && saved.stderr.contains("223"), "\(saved.exit) \(saved.stderr)")
        #expect(try names().isEmpty)
    }

    /// A move or an export makes its copy beside the destination first, under a name about 60
    /// bytes longer: a destination whose staging name the kernel would not take is refused (73)
    /// before anything is copied, as one with no room for the store's own files is, and the
    /// database is left as it was. It failed on the staging name, naming a file nobody asked for.
    @Test(arguments: [190, 200, 224])
    func aMoveOrExportToANameWithNoRoomForItsCopyIsRefusedAndChangesNothing(bytes: Int) throws {
        #expect(try save("db.sqlite").exit.isSuccess)
        let name = String(repeating: "m", count: bytes - ".sqlite".utf8.count) + ".sqlite"
        for arguments in [["export", "--db", "db.sqlite", "--redact", "--out", name], ["move", "--db", "db.sqlite", "--to", name]] {
            let before = try names().map { ($0, FileManager.default.contents(atPath: folder.path($0))) }
            let result = try run(arguments)
            if bytes == 190 {
                #expect(result.exit.isSuccess, "\(arguments): \(result.stderr)")
                #expect(try names().contains(name), "\(arguments)")
                if arguments[0] == "export" { try FileManager.default.removeItem(atPath: folder.path(name)) }
            } else {
                #expect(result.exit.status == 73 && result.stderr.contains("nothing was created"), "\(arguments): \(result.exit) \(result.stderr)")
                #expect(!result.stderr.contains(".moving-") && !result.stderr.contains(".exporting-"), "\(result.stderr)")
                #expect(try names().map { ($0, FileManager.default.contents(atPath: folder.path($0))) }.elementsEqual(before) { $0 == $1 }, "\(arguments)")
            }
        }
    }

    /// A move, an export or a recorded replay whose file would be another database's own file
    /// (`other.db-wal` beside `other.db`) is refused (73) and changes nothing. A move there was
    /// accepted: the other database's next save removed its `-wal` (or `-shm`, or rolled back
    /// its `-journal`, or laid its guard file over it), and the moved database, its original
    /// removed, was lost. A name that is another spelling of that file's (`café` decomposed
    /// beside composed) is another file, and is written.
    @Test(arguments: ["-wal", "-shm", "-journal", "-guard"])
    func aFileNamedAsAnotherDatabasesOwnFileIsNeverWritten(suffix: String) throws {
        #expect(try save("other.db").exit.isSuccess)
        #expect(try save("x.db").exit.isSuccess)
        for arguments in [
            ["move", "--db", "x.db", "--to", "other.db" + suffix], ["export", "--db", "x.db", "--redact", "--out", "other.db" + suffix],
            ["replay", "--db", "x.db", "--document", PackageFolders.path("documents/original.json"), "--record", "other.db" + suffix],
        ] {
            let before = try names().map { ($0, FileManager.default.contents(atPath: folder.path($0))) }
            let result = try run(arguments)
            #expect(result.exit.status == 73 && result.stderr.contains("one of that database's own files"), "\(arguments): \(result.exit) \(result.stderr)")
            #expect(try names().map { ($0, FileManager.default.contents(atPath: folder.path($0))) }.elementsEqual(before) { $0 == $1 }, "\(arguments)")
        }
        let composed = "caf\u{E9}.db"
        #expect(try save(composed).exit.isSuccess)
        let moved = try run(["move", "--db", "x.db", "--to", "cafe\u{301}.db" + suffix])
        #expect(moved.exit.isSuccess, "\(moved.stderr)")
    }

    /// The refusals of a new database's name are the rule's, in its words, whichever verb meets
    /// them first: a name the kernel refuses outright (256 bytes) got a bare ENAMETOOLONG, and
    /// `migrate --dry-run` promised a database the run itself refused to make.
    @Test func aNameTooLongForANewDatabaseIsRefusedInTheRulesWordsByEveryVerb() throws {
        for bytes in [224, 256] {
            let name = String(repeating: "c", count: bytes - ".db".utf8.count) + ".db"
            for arguments in [["save", "--db", name, "--scene", "main", "--state", PackageFolders.path("records/v3-viewport.json")], ["migrate", "--db", name, "--dry-run"]] {
                let result = try run(arguments)
                #expect(result.exit.status == 73 && result.stderr.contains("a name may have 223"), "\(bytes) \(arguments): \(result.exit) \(result.stderr)")
            }
        }
        #expect(try names().isEmpty)
    }

    /// A database older builds made at a name of 224-247 bytes: its migration, where the
    /// backup's copy and its journal cannot be named (over 229 bytes), says what to do (move it
    /// to a name of at most 223 bytes) instead of naming the copy, and a damaged one is not
    /// sent to a fresh file that cannot be made.
    @Test func aDatabaseAtANameOlderBuildsMadeSaysWhatToDo() throws {
        let name = String(repeating: "o", count: 235 - ".db".utf8.count) + ".db"
        try SchemaBuild.schema4.makeFile(at: folder.path(name))
        let migrated = try run(["migrate", "--db", name])
        #expect(migrated.exit.status == 73 && migrated.stderr.contains("move the database to a name of at most 223 bytes"), "\(migrated.exit) \(migrated.stderr)")
        #expect(!migrated.stderr.contains(".partial"), "\(migrated.stderr)")
        let beside = try names()
        #expect(beside == [name], "nothing beside it: \(beside)")
        let moved = try run(["move", "--db", name, "--to", "short.db"])
        #expect(moved.exit.isSuccess, "\(moved.stderr)")
        #expect(try run(["migrate", "--db", "short.db"]).exit.isSuccess)

        let damaged = String(repeating: "d", count: 227 - ".db".utf8.count) + ".db"
        #expect(FileManager.default.createFile(atPath: folder.path(damaged), contents: Data("not a database".utf8)))
        let saved = try save(damaged)
        #expect(saved.exit.status == 65 && saved.stderr.contains("No fresh database can be made at this path"), "\(saved.exit) \(saved.stderr)")
    }

    /// A database named as another's kept file (`x.db.backup-v1`, `x.db.corrupt-…`) is never
    /// removed by that database's upkeep. It was made, and `x.db`'s migration pruned it with
    /// its backups, with what it held. Such a name is now refused (73) while `x.db` is there;
    /// one made before `x.db` is kept by the pruning, which removes only a file holding the
    /// schema its name says (a backup of version N holds schema N).
    @Test func aDatabaseNamedAsAnothersKeptFileIsNeverRemovedByItsUpkeep() throws {
        for version in 1...3 { #expect(try save("x.db.backup-v\(version)").exit.isSuccess) }
        try SchemaBuild.schema4.makeFile(at: folder.path("x.db"))
        for name in ["x.db.backup-v9", "x.db.corrupt-20200101T000000Z"] {
            let refused = try save(name)
            #expect(refused.exit.status == 73 && refused.stderr.contains("a file it keeps beside"), "\(name): \(refused.exit) \(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.path(name)))
        }
        let moved = try run(["move", "--db", "x.db.backup-v1", "--to", "x.db.backup-v7"])
        #expect(moved.exit.status == 73, "\(moved.stderr)")
        #expect(try run(["migrate", "--db", "x.db"]).exit.isSuccess)
        let kept = try names()
        #expect(["x.db.backup-v1", "x.db.backup-v2", "x.db.backup-v3", "x.db.backup-v4"].allSatisfy(kept.contains), "\(kept)")
        let restored = try run(["inspect", "--db", "x.db.backup-v1", "--json"])
        #expect(restored.exit.isSuccess && restored.stdout.contains("\"main\""), "\(restored.stderr)")
    }

    /// SQLite opens paths of up to 512 bytes, and the migration's backup copy's journal is 26
    /// bytes longer than the database: a database is made at a full path of up to 486 bytes,
    /// and a longer one is refused (73) with nothing made. Such a path failed on its staging
    /// name (about 60 bytes longer), naming a file nobody asked for.
    @Test(arguments: [486, 487])
    func aFullPathSQLiteCannotOpenWithTheStoresOwnFilesIsRefusedAndNothingIsMade(bytes: Int) throws {
        var deepest = folder.url.path
        var folders = [String]()
        while bytes - deepest.utf8.count - 1 > 200 {
            let remaining = bytes - deepest.utf8.count - 1 - 150
            deepest += "/" + String(repeating: "d", count: min(200, remaining))
            folders.append(deepest)
            try FileManager.default.createDirectory(atPath: deepest, withIntermediateDirectories: false)
        }
        let name = String(repeating: "p", count: bytes - deepest.utf8.count - 1)
        let path = deepest + "/" + name
        #expect(path.utf8.count == bytes)
        let saved = try save(path)
        if bytes <= 486 {
            #expect(saved.exit.isSuccess, "\(saved.stderr)")
            #expect(FileManager.default.fileExists(atPath: path))
        } else {
            // Given whole, and relative to the working directory: the full path is what counts.
            let relative = String(path.dropFirst(folder.url.path.count + 1))
            for given in [path, relative] {
                let refused = given == path ? saved : try save(given)
                #expect(refused.exit.status == 73 && refused.stderr.contains("nothing was created") && refused.stderr.contains("486"), "\(refused.exit) \(refused.stderr)")
                #expect(try FileManager.default.contentsOfDirectory(atPath: deepest).isEmpty)
            }
        }
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
