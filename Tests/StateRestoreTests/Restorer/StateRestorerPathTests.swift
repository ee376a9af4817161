import Foundation
import ScreenKinds
import ScreenModels
import StateRestore
import StateRestoreTesting
import StateStore
import TestSupport
import Testing

/// A path means what the kernel means by it: a link's target is relative to the link's own
/// folder, a linked parent folder is the app's own file, a link is followed to an existing
/// regular file only, and through a link nothing is moved aside, replaced or created. A file
/// that moved or vanished under a restorer is reported, never created again. Real links on
/// disk, through the public API.
@Suite struct StateRestorerPathTests {
    let stateFile: StateFile
    let key: SceneKey
    let document = CatalogDocument(books: [CatalogBook(id: 1, title: "Algorithms"), CatalogBook(id: 2, title: "Compilers")])

    init() throws {
        stateFile = try StateFile()
        key = try SceneKey(scene: "main")
    }

    /// A database at `path` holding scene main's catalog with book 2 selected.
    private func seed(_ path: String) throws {
        let restorer = StateRestorer(path: path)
        try restorer.save(CatalogViewState(selectedID: 2), for: key)
        try restorer.close()
    }

    /// The names in `path`'s folder (`folder` when nil), sorted.
    private func names(in path: String? = nil) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path ?? stateFile.folder.url.path).sorted()
    }

    /// The restorer's database report, as codes.
    private func codes(_ restorer: StateRestorer) -> [RestoreCode] { restorer.databaseReport.map(\.code) }

    /// A link whose target is relative (beside it, in a subfolder, up and across) or absolute
    /// opens the file the kernel opens through it, and the restorer names the real file.
    @Test(arguments: ["real.sqlite", "data/real.sqlite", "../NAME/other/real.sqlite", "ABSOLUTE"])
    func aLinkOpensTheFileItsTargetNamesFromTheLinksOwnFolder(target: String) throws {
        let folderName = stateFile.folder.url.lastPathComponent
        try FileManager.default.createDirectory(atPath: stateFile.path("data"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: stateFile.path("other"), withIntermediateDirectories: true)
        let real: String
        let written: String
        switch target {
        case "real.sqlite": (real, written) = (stateFile.path("real.sqlite"), "real.sqlite")
        case "data/real.sqlite": (real, written) = (stateFile.path("data/real.sqlite"), "data/real.sqlite")
        case "ABSOLUTE": (real, written) = (stateFile.path("data/real.sqlite"), stateFile.path("data/real.sqlite"))
        default: (real, written) = (stateFile.path("other/real.sqlite"), "../\(folderName)/other/real.sqlite")
        }
        try seed(real)
        let link = stateFile.path
        #expect(symlink(written, link) == 0)
        let restorer = StateRestorer(path: link)
        let restored = restorer.restore(CatalogViewState.self, key, against: document)
        #expect(restored.state.selectedID == 2, "\(restored.report)")
        #expect(codes(restorer).isEmpty)
        #expect(restorer.path == real)
        try restorer.save(CatalogViewState(selectedID: 1), for: key)
        try restorer.close()
        #expect(!FileManager.default.fileExists(atPath: "/real.sqlite") && !FileManager.default.fileExists(atPath: "/data/real.sqlite"))
        var status = stat()
        #expect(lstat(link, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK, "the link is still a link")
        let reader = StateRestorer(path: real, configuration: DatabaseConfiguration(access: .readOnly))
        #expect(reader.restore(CatalogViewState.self, key, against: document).state.selectedID == 1)
    }

    /// A link to a text file: reported as not a database, the file left byte for byte, nothing
    /// created or moved beside it, and saves refused with the reason. The same file at the app's
    /// own path is moved aside and replaced (recovery is for the app's own file).
    @Test func aLinkToATextFileIsReportedAndLeftAsItIsAndSavesAreRefused() throws {
        let text = stateFile.path("notes.txt")
        let bytes = Data("shopping: milk, eggs\n".utf8)
        try bytes.write(to: URL(fileURLWithPath: text))
        let link = stateFile.path
        #expect(symlink("notes.txt", link) == 0)
        let before = try names()

        let restorer = StateRestorer(path: link)
        let restored = restorer.restore(CatalogViewState.self, key, against: document)
        #expect(restored.state == CatalogViewState())
        #expect(codes(restorer) == [.databaseCorrupt])
        #expect(restorer.databaseReport[0].detail.contains("never moved aside"), "\(restorer.databaseReport)")
        #expect(throws: (any Error).self) { try restorer.save(CatalogViewState(selectedID: 1), for: key) }
        try? restorer.close()
        #expect(try names() == before)
        #expect(FileManager.default.contents(atPath: text) == bytes)

        // A reading restorer says the same.
        let reader = StateRestorer(path: link, configuration: DatabaseConfiguration(access: .readOnly))
        #expect(codes(reader) == [.databaseCorrupt])
        #expect(try names() == before)

        // The app's own damaged file is recovered.
        let own = stateFile.path("own.sqlite")
        try bytes.write(to: URL(fileURLWithPath: own))
        let app = StateRestorer(path: own)
        #expect(codes(app) == [.databaseCorrupt])
        try app.save(CatalogViewState(selectedID: 1), for: key)
        try app.close()
        #expect(try names().contains { $0.hasPrefix("own.sqlite.corrupt-") })
    }

    /// A link to a database whose header and schema are sound but one of whose pages is
    /// damaged (one no open reads: the quarantine's) is reported as damaged when opened, left
    /// byte for byte with nothing created beside it, and a hand save before any restore is
    /// refused: the save was written into the damaged file and left its log beside it.
    @Test func aLinkToADatabaseWithADamagedPageIsLeftAsItIsAndAHandSaveIsRefused() throws {
        let real = stateFile.path("real.sqlite")
        let seeded = StateRestorer(path: real)
        try seeded.save(CatalogViewState(selectedID: 2), for: key)
        try seeded.close()
        let inspector = try Database(path: real)
        let page = try #require(try inspector.fetchOne("SELECT rootpage FROM sqlite_schema WHERE name = 'quarantine'") { $0.int(0) })
        inspector.close()
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: real))
        try handle.seek(toOffset: UInt64(page - 1) * 4_096)
        handle.write(Data(repeating: 0xFF, count: 4_096))
        try handle.close()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: real))
        #expect(symlink("real.sqlite", stateFile.path) == 0)
        let before = try names()

        let restorer = StateRestorer(path: stateFile.path)
        #expect(throws: (any Error).self) { try restorer.save(CatalogViewState(selectedID: 1), for: key) }
        #expect(codes(restorer) == [.databaseCorrupt], "\(restorer.databaseReport)")
        #expect(restorer.databaseReport.first?.detail.contains("never moved aside") == true, "\(restorer.databaseReport)")
        try? restorer.close()
        #expect(try names() == before, "something was created beside the link or its target")
        #expect(try Data(contentsOf: URL(fileURLWithPath: real)) == bytes, "the damaged file changed")
    }

    /// A link to another program's SQLite file: reported foreign, left as it is, saves refused.
    @Test func aLinkToAForeignDatabaseIsLeftAsItIsAndSavesAreRefused() throws {
        let foreign = stateFile.path("other.db")
        let raw = try Database(path: foreign)
        try raw.executeScript("PRAGMA application_id = 42; CREATE TABLE contacts(name TEXT)")
        raw.close()
        let bytes = FileManager.default.contents(atPath: foreign)
        let link = stateFile.path
        #expect(symlink(foreign, link) == 0)
        let before = try names()
        let restorer = StateRestorer(path: link)
        #expect(codes(restorer) == [.databaseForeign])
        #expect {
            try restorer.save(CatalogViewState(selectedID: 1), for: key)
        } throws: { error in
            "\(error)".contains("another program")
        }
        try? restorer.close()
        #expect(try names() == before)
        #expect(FileManager.default.contents(atPath: foreign) == bytes)
    }

    /// A dangling link is refused with a clear error; nothing is created at its target, by the
    /// launch, a save, a flush or a read.
    @Test(arguments: [DatabaseConfiguration.Access.readWrite(createIfMissing: true), .readOnly])
    func aDanglingLinkIsRefusedAndNothingIsCreatedAtItsTarget(access: DatabaseConfiguration.Access) throws {
        let link = stateFile.path
        #expect(symlink("missing.sqlite", link) == 0)
        let restorer = StateRestorer(path: link, configuration: DatabaseConfiguration(access: access))
        #expect(codes(restorer) == [.databaseUnavailable])
        #expect(restorer.databaseReport[0].detail.contains("does not exist; nothing is created through a link"), "\(restorer.databaseReport)")
        #expect(restorer.restore(CatalogViewState.self, key, against: document).state == CatalogViewState())
        if access != .readOnly {
            #expect(throws: (any Error).self) { try restorer.save(CatalogViewState(selectedID: 1), for: key) }
        }
        try? restorer.close()
        #expect(try names() == ["state.sqlite"])
    }

    /// A loop of links is refused, never followed for ever.
    @Test func aLoopOfLinksIsRefused() throws {
        #expect(symlink("b.sqlite", stateFile.path("a.sqlite")) == 0)
        #expect(symlink("a.sqlite", stateFile.path("b.sqlite")) == 0)
        let restorer = StateRestorer(path: stateFile.path("a.sqlite"))
        #expect(codes(restorer) == [.databaseUnavailable])
        #expect(restorer.databaseReport[0].detail.contains("loop"))
        try? restorer.close()
        #expect(try names() == ["a.sqlite", "b.sqlite"])
    }

    /// A linked parent folder (as `/var` and `/tmp` are on Apple platforms) holds the app's own
    /// file: it opens, its path is the real folder's, and a damaged file there is recovered.
    @Test func aLinkedParentFolderHoldsTheAppsOwnFile() throws {
        let realFolder = stateFile.path("container")
        try FileManager.default.createDirectory(atPath: realFolder, withIntermediateDirectories: true)
        #expect(symlink("container", stateFile.path("var")) == 0)
        let path = stateFile.path("var/state.sqlite")
        try seed(path)
        #expect(FileManager.default.fileExists(atPath: realFolder + "/state.sqlite"))
        let restorer = StateRestorer(path: path)
        #expect(restorer.path == realFolder + "/state.sqlite")
        #expect(restorer.restore(CatalogViewState.self, key, against: document).state.selectedID == 2)
        try restorer.close()

        let damaged = stateFile.path("var/damaged.sqlite")
        try Data("not a database".utf8).write(to: URL(fileURLWithPath: damaged))
        let recovering = StateRestorer(path: damaged)
        #expect(codes(recovering) == [.databaseCorrupt])
        try recovering.save(CatalogViewState(selectedID: 1), for: key)
        try recovering.close()
        #expect(try names(in: realFolder).contains { $0.hasPrefix("damaged.sqlite.corrupt-") })
    }

    /// A file moved away while the restorer was suspended (`restorectl move`, another process)
    /// is reported at `resume()`, and nothing is created at the old path: not by the resume, a
    /// save, nor the writer's reopen.
    @MainActor
    @Test func aFileMovedWhileSuspendedIsReportedAtResumeAndNeverCreatedAgain() throws {
        let path = stateFile.path
        try seed(path)
        let restorer = StateRestorer(path: path, scheduler: ManualWriteScheduler())
        let restored = restorer.restore(CatalogViewState.self, key, against: document)
        #expect(restored.state.selectedID == 2)
        var state = restored.state
        let tracking = restorer.persist(from: restored, turns: ManualTurnScheduler()) { state }
        state.selectedID = 1
        tracking.saveCurrentState()
        try restorer.suspend()
        let moved = try StateFile()
        try Store.relocate(from: path, to: moved.path)
        state.query = "saved while suspended"
        tracking.saveCurrentState()
        #expect(throws: (any Error).self) { try restorer.resume() }
        #expect(codes(restorer) == [.databaseUnavailable])
        #expect(restorer.databaseReport[0].detail.contains("was moved, removed or replaced"), "\(restorer.databaseReport)")
        #expect(throws: (any Error).self) { try restorer.save(CatalogViewState(selectedID: 2), for: key) }
        #expect(throws: (any Error).self) { try restorer.flush() }
        try? restorer.close()
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try names() == ["state.sqlite-moved"])
    }

    /// A relaunch with the old path after a move (an older build, a script) finds the move's
    /// note instead of a file to create: the app's launch, an extension's, a reading restorer
    /// and the tool report where the file went and create nothing; without the note, the app's
    /// launch starts a new file there again.
    /// An empty path and one ending in a slash name no file: the restorer reports the database
    /// unavailable, says why, refuses saves and creates nothing (an empty path was SQLite's
    /// temporary database, and `state.sqlite/` was `state.sqlite`).
    @Test func aPathThatNamesNoFileIsUnavailableAndCreatesNothing() throws {
        for path in ["", stateFile.path + "/"] {
            let restorer = StateRestorer(path: path)
            #expect(codes(restorer) == [.databaseUnavailable], "\(path): \(restorer.databaseReport)")
            #expect(restorer.databaseReport.first?.detail.contains(path.isEmpty ? "an empty path" : "ending in a slash") == true, "\(restorer.databaseReport)")
            #expect(throws: (any Error).self) { try restorer.save(CatalogViewState(selectedID: 1), for: key) }
            try? restorer.close()
            #expect(try FileManager.default.contentsOfDirectory(atPath: stateFile.folder.url.path).isEmpty)
        }
    }

    @Test func aRelaunchWithTheOldPathAfterAMoveCreatesNothingThere() throws {
        let path = stateFile.path
        try seed(path)
        let destination = try StateFile()
        #expect(try Store.relocate(from: path, to: destination.path) == 1)
        for configuration in [DatabaseConfiguration(), DatabaseConfiguration(role: .appExtension), DatabaseConfiguration(access: .readOnly)] {
            let relaunch = StateRestorer(path: path, configuration: configuration)
            #expect(codes(relaunch) == [.databaseUnavailable])
            #expect(relaunch.databaseReport[0].detail.contains("was moved to \(destination.path)"), "\(relaunch.databaseReport)")
            #expect(throws: (any Error).self) { try relaunch.save(CatalogViewState(selectedID: 1), for: key) }
            try? relaunch.close()
            #expect(try names() == ["state.sqlite-moved"])
        }
        #expect {
            _ = try Store(path: path, migrator: StateMigrations.makeMigrator())
        } throws: { error in
            error as? StoreError == .movedTo(path: path, destination: destination.path)
        }
        // The moved file is whole at its new place.
        let moved = StateRestorer(path: destination.path, configuration: DatabaseConfiguration(access: .readOnly))
        #expect(moved.restore(CatalogViewState.self, key, against: document).state.selectedID == 2)
        try FileManager.default.removeItem(atPath: path + "-moved")
        let fresh = StateRestorer(path: path)
        #expect(codes(fresh).isEmpty)
        try fresh.close()
        #expect(FileManager.default.fileExists(atPath: path))
    }

    /// Replaced by another file at the same path (the same name, another inode) counts as
    /// moved: the restorer never writes into a file it did not open.
    @MainActor
    @Test func aFileReplacedWhileSuspendedIsNotWrittenAtResume() throws {
        let path = stateFile.path
        try seed(path)
        let restorer = StateRestorer(path: path)
        try restorer.suspend()
        try FileManager.default.moveItem(atPath: path, toPath: stateFile.path("old.sqlite"))
        for suffix in ["-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let other = StateRestorer(path: path)
        try other.close()
        _ = try? restorer.resume()
        #expect(codes(restorer) == [.databaseUnavailable])
        #expect(throws: (any Error).self) { try restorer.save(CatalogViewState(selectedID: 2), for: key) }
        try? restorer.close()
        let reader = StateRestorer(path: path, configuration: DatabaseConfiguration(access: .readOnly))
        #expect(reader.restore(CatalogViewState.self, key, against: document).report.map(\.code) == [.noRecord])
    }

    /// A relative path is made absolute once, at init: after a `chdir` (in a child process:
    /// the working directory is the whole process's), `resume()` and the writer's reopen go on
    /// with the file the path named then, and nothing appears in the new working directory.
    @Test func aRelativePathNamesTheSameFileAfterAChangeOfWorkingDirectory() throws {
        let elsewhere = try TemporaryDirectory()
        let child = try ChildProcess(stress: ["model-child", "--db", "state.sqlite"], directory: stateFile.folder.url)
        try child.readLines(until: "ready")
        for (line, answer) in [
            ("1 save default main first|1|0", "saved"), ("1 suspend", "suspended"), ("1 chdir \(elsewhere.url.path)", "chdir"),
            ("1 resume", "resumed -"), ("1 save default main second|2|0", "saved"), ("1 path", "path \(stateFile.path)"),
            ("1 exit", "closed"),
        ] {
            child.send(line)
            #expect(child.nextLine() == answer, "\(line)")
        }
        child.waitForExit()
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.url.path).isEmpty)
        let store = try Store(readingExistingFileAt: stateFile.path)
        defer { store.close() }
        let record = try store.record(account: "default", scene: "main", kind: "model-note")
        #expect(record.map { String(decoding: $0.payload, as: UTF8.self) }?.contains("second") == true, "\(String(describing: record))")
    }

    /// Restorers of one file find each other by device and inode, whatever path reaches it: a
    /// move is refused while a restorer opened through a link to the same file is open.
    @MainActor
    @Test func restorersOfOneFileThroughALinkFindEachOther() throws {
        let real = stateFile.path("real.sqlite")
        try seed(real)
        #expect(symlink("real.sqlite", stateFile.path("link.sqlite")) == 0)
        let app = StateRestorer(path: real)
        let throughLink = StateRestorer(path: stateFile.path("link.sqlite"))
        let group = try StateFile()
        #expect(throws: RestoreError.self) { try app.relocate(to: group.path) }
        try throughLink.close()
        #expect(try app.relocate(to: group.path) == 1)
        try app.close()
    }

    /// A restorer that reached its file through a link never moves it (what a link points at
    /// is never moved, as `restorectl move` refuses a link): the target stays byte for byte,
    /// the link still names it, nothing appears at the destination, and the restorer goes on.
    @MainActor
    @Test func aRestorerOpenedThroughALinkRefusesToMoveTheLinksTarget() throws {
        let real = stateFile.path("real.sqlite")
        try seed(real)
        #expect(symlink("real.sqlite", stateFile.path("link.sqlite")) == 0)
        let restorer = StateRestorer(path: stateFile.path("link.sqlite"))
        #expect(restorer.databaseReport.isEmpty)
        let before = try Data(contentsOf: URL(fileURLWithPath: real))
        let group = try TemporaryDirectory()
        #expect(throws: StoreError.self) { try restorer.relocate(to: group.path("state.sqlite")) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: real)) == before)
        #expect(try names(in: group.url.path) == [])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: stateFile.path("link.sqlite")) == "real.sqlite")
        #expect(try !names().contains { $0.hasSuffix("-moved") })
        #expect(restorer.path == real && restorer.databaseReport.isEmpty)
        #expect(restorer.restore(CatalogViewState.self, key, against: document).state.selectedID == 2)
        try restorer.close()
    }

    /// A reading restorer reads a newer schema exactly when a launch of the same build does
    /// (the file's readable-by), with the same report.
    @Test(arguments: [(SchemaBuild.schema5, SchemaBuild.schema4), (.additive6, .schema5), (.additive6, .schema4), (.rewriting6, .schema5), (.rewriting6, .schema3)])
    func aReadingRestorerReadsANewerSchemaExactlyWhenALaunchWould(file build: SchemaBuild, reader: SchemaBuild) throws {
        let path = stateFile.path
        try build.makeFile(at: path)
        let reading = StateRestorer(path: path, configuration: try reader.configuration(DatabaseConfiguration(access: .readOnly)))
        let readingCodes = codes(reading)
        let readingStore = reading.withStore { store, _ in store != nil }
        try reading.close()
        let launch = StateRestorer(path: path, configuration: try reader.configuration())
        #expect(readingCodes == codes(launch), "\(build) read by \(reader): \(reading.databaseReport) vs \(launch.databaseReport)")
        #expect(readingStore == (launch.withStore { store, _ in store != nil }))
        try launch.close()
    }
}
