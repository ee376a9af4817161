import Foundation
import ScreenKinds
import ScreenModels
import StateRestore
import StateRestoreTesting
import StateStore
import TestSupport
import Testing

/// Moving the database (`relocate(to:)`): the copy holds everything, the old files are gone,
/// the restorer goes on at the new path with its live trackings; a move that cannot be made
/// leaves the old file serving as before.
@MainActor
@Suite struct StateRestorerRelocationTests {
    let file: StateFile
    let group: StateFile
    let path: String
    let newPath: String
    let windows = ManualWriteScheduler()
    let turns = ManualTurnScheduler()
    let document = CatalogDocument(books: [CatalogBook(id: 1, title: "Algorithms"), CatalogBook(id: 2, title: "Compilers")])
    let notes = [Note(id: 1, title: "WAL")]

    init() throws {
        file = try StateFile()
        group = try StateFile()
        path = file.path
        newPath = group.path
    }

    private func seed() throws {
        let restorer = StateRestorer(path: path)
        for account in ["alice", "bob"] {
            for scene in ["window-1", "window-2"] {
                let key = try SceneKey(scene: scene, account: account)
                try restorer.save(CatalogViewState(query: "\(account) \(scene)", selectedID: 2), for: key)
                try restorer.save(NotesState(query: scene, selectedNoteID: 1), for: key)
            }
        }
        try restorer.close()
    }

    @Test func aRelocatedFileRestoresEverythingAndTheOldFilesAreGone() throws {
        try seed()
        let restorer = StateRestorer(path: path, scheduler: windows)
        let key = try SceneKey(scene: "window-1", account: "alice")
        let restored = restorer.restore(CatalogViewState.self, key, against: document)
        var state = restored.state
        let tracking = restorer.persist(from: restored, turns: turns) { state }
        state.query = "pending at the move"
        tracking.saveCurrentState()

        #expect(try restorer.relocate(to: newPath) == 8)
        #expect(restorer.path == newPath)
        for suffix in ["", "-wal", "-shm", "-guard"] {
            #expect(!FileManager.default.fileExists(atPath: path + suffix), "state.sqlite\(suffix) is still there")
        }
        #expect(try Store(readingExistingFileAt: newPath).integrityProblems().isEmpty)
        // The live tracking goes on saving, at the new path.
        state.query = "after the move"
        tracking.saveCurrentState()
        #expect(try restorer.flush().isEmpty)
        withExtendedLifetime(tracking) {}
        try restorer.close()

        let relaunch = StateRestorer(path: newPath)
        defer { try? relaunch.close() }
        #expect(relaunch.restore(CatalogViewState.self, key, against: document).state == CatalogViewState(query: "after the move", selectedID: 2))
        for account in ["alice", "bob"] {
            for scene in ["window-1", "window-2"] where (account, scene) != ("alice", "window-1") {
                let other = try SceneKey(scene: scene, account: account)
                #expect(relaunch.restore(CatalogViewState.self, other, against: document).state == CatalogViewState(query: "\(account) \(scene)", selectedID: 2))
                #expect(relaunch.restore(NotesState.self, other, against: notes).state == NotesState(query: scene, selectedNoteID: 1))
            }
        }
        #expect(!FileManager.default.fileExists(atPath: path), "nothing is made at the old path")
    }

    @Test func aMoveOntoAnExistingFileChangesNothingAndTheOldFileServes() throws {
        try seed()
        #expect(FileManager.default.createFile(atPath: newPath, contents: Data("someone else's".utf8)))
        let restorer = StateRestorer(path: path, scheduler: windows)
        defer { try? restorer.close() }
        #expect(throws: (any Error).self) { try restorer.relocate(to: newPath) }
        #expect(restorer.path == path)
        #expect(FileManager.default.contents(atPath: newPath) == Data("someone else's".utf8))
        let key = try SceneKey(scene: "window-2", account: "bob")
        #expect(restorer.restore(CatalogViewState.self, key, against: document).state.query == "bob window-2")
        try restorer.save(CatalogViewState(query: "still here"), for: key)
        #expect(restorer.restore(CatalogViewState.self, key, against: document).state.query == "still here")
    }

    @Test func aMoveWhileAnotherRestorerOfTheProcessIsSuspendedIsRefusedAndItsSavesStayInTheFile() throws {
        try seed()
        let key = try SceneKey(scene: "window-1", account: "alice")
        let suspended = StateRestorer(path: path, scheduler: windows)
        defer { try? suspended.close() }
        try suspended.suspend()
        let restorer = StateRestorer(path: path, scheduler: windows)
        defer { try? restorer.close() }
        // The suspended restorer would resume at the old path and make a new file there.
        #expect(throws: RestoreError.self) { try restorer.relocate(to: newPath) }
        #expect(!FileManager.default.fileExists(atPath: newPath))
        try suspended.resume()
        try suspended.save(CatalogViewState(query: "after resume", selectedID: 2), for: key)
        #expect(restorer.restore(CatalogViewState.self, key, against: document).state.query == "after resume")
    }

    @Test func aMoveWhileAnotherConnectionHasTheFileOpenIsRefused() throws {
        try seed()
        let other = try Store(readingExistingFileAt: path)
        defer { other.close() }
        let restorer = StateRestorer(path: path, scheduler: windows)
        defer { try? restorer.close() }
        #expect(throws: StoreError.fileInUse(path: path)) { try restorer.relocate(to: newPath) }
        #expect(!FileManager.default.fileExists(atPath: newPath))
        #expect(restorer.restore(CatalogViewState.self, try SceneKey(scene: "window-1", account: "alice"), against: document).state.query == "alice window-1")
    }

    /// The app moves its file while an extension (another process) saves in a loop, each save
    /// between a resume and a suspend: a move is refused while the extension has the file open
    /// and leaves nothing at the destination; the move that succeeds loses no save the
    /// extension saw acknowledged, and after it the extension's saves are refused, never
    /// written to a new file at the old path.
    @Test(arguments: ["relocate(to:)", "restorectl move"])
    func aMoveWhileAnExtensionSavesInALoopLosesNoAcknowledgedSave(by mover: String) throws {
        try seed()
        // The tool moves a file nothing of this process has open; the app's restorer moves its own.
        let app = mover == "relocate(to:)" ? StateRestorer(path: path) : nil
        let move = {
            if let app {
                try app.relocate(to: self.newPath)
            } else {
                let tool = try ChildProcess(restorectl: ["move", "--db", self.path, "--to", self.newPath])
                _ = tool.remainingLines()
                let exit = tool.waitForExit()
                guard exit.isSuccess else { throw ChildFailure("restorectl move: \(exit) \(tool.errorOutput())") }
            }
        }
        let child = try ChildProcess(stress: ["extension-saves", "--db", path, "--count", "300"])
        try child.readLines(until: "ready")
        var lines: [String] = []
        while lines.filter({ $0.hasPrefix("acked") }).count < 20, let line = child.nextLine() { lines.append(line) }
        var refusals = 0
        while true {
            do {
                try move()
                break
            } catch {
                refusals += 1
                #expect(try FileManager.default.contentsOfDirectory(atPath: group.folder.url.path).isEmpty, "a refused move left something: \(error)")
                guard refusals < 2_000 else { break }
            }
        }
        lines += child.remainingLines()
        child.waitForExit()
        #expect(FileManager.default.fileExists(atPath: newPath), "moved after \(refusals) refusals")
        let acked = lines.compactMap { $0.hasPrefix("acked ") ? Int($0.dropFirst(6)) : nil }
        #expect(acked.count >= 20)
        try app?.close()
        let store = try Store(readingExistingFileAt: newPath)
        defer { store.close() }
        let lost = try acked.filter { try store.record(account: "default", scene: "s\($0)", kind: "catalog") == nil }
        #expect(lost.isEmpty, "\(lost.count) of \(acked.count) acknowledged saves lost (\(refusals) refused moves)")
        // Only the move's note, naming the new path, is at the old one.
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.folder.url.path) == ["state.sqlite-moved"], "something was made at the old path")
    }
}
