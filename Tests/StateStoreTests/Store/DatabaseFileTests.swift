import Foundation
import TestSupport
import Testing

@testable import StateStore

/// `DatabaseFile`: a path resolved once, and the one answer to whether its file exists.
struct DatabaseFileTests {
    @Test func aFileThatIsThereIsNotMissing() throws {
        let state = try StateFile()
        try Database(DatabaseFile(resolving: state.path), .readWrite(createIfMissing: true)).close()
        let file = try DatabaseFile(resolving: state.path)
        #expect(file.identity != nil)
        #expect(file.refusalIfMissing() == nil)
    }

    @Test func aMissingFileIsNotFoundAndAStalePathNamesWhereTheFileWent() throws {
        let state = try StateFile()
        let file = try DatabaseFile(resolving: state.path)
        guard case .fileNotFound(let path) = file.refusalIfMissing() else {
            Issue.record("a missing file without a note is not found: \(String(describing: file.refusalIfMissing()))")
            return
        }
        #expect(path == state.path)
        try MovedDatabaseNote.write(at: file.path, pointingTo: state.path("moved.sqlite"))
        guard case .movedTo(let old, let destination) = file.refusalIfMissing() else {
            Issue.record("a stale path is not told where the file went: \(String(describing: file.refusalIfMissing()))")
            return
        }
        #expect(old == state.path && destination == state.path("moved.sqlite"))
        // Reading it finds the note, creating nothing.
        #expect(throws: StoreError.self) { try Store(reading: file) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: state.folder.url.path) == ["state.sqlite-moved"])
    }

    /// A save that had the file open when a move took it away (it waited for the move's lock)
    /// saw SQLite's I/O error on the path (`ENOENT`, exit 74 from the tool): it is told where the
    /// file went instead, as a save that starts after the move is. Found racing saves against a
    /// move with real processes.
    @Test func anErrorOnAFileAMoveTookAwayNamesWhereItWent() throws {
        let state = try StateFile()
        try Database(DatabaseFile(resolving: state.path), .readWrite(createIfMissing: true)).close()
        let file = try DatabaseFile(resolving: state.path)
        let ioError = StoreError.sqlite(extendedCode: 10 | (7 << 8), message: "disk I/O error (ENOENT)", systemErrorCode: ENOENT)
        #expect(ioError.namingTheStorageCause(of: file, opening: "for writing") == ioError, "the file is there: the error stays")
        try FileManager.default.removeItem(atPath: state.path)
        try MovedDatabaseNote.write(at: file.path, pointingTo: state.path("moved.sqlite"))
        #expect(ioError.namingTheStorageCause(of: file, opening: "for writing") == .movedTo(path: state.path, destination: state.path("moved.sqlite")))
        let other = StoreError.sqlite(extendedCode: 10, message: "disk I/O error (EIO)", systemErrorCode: EIO)
        #expect(other.namingTheStorageCause(of: file, opening: "for writing") == other, "another cause is kept")
    }

    /// A store opened on a file that existed when its path was resolved, and was moved (its
    /// note left) or removed before the open (another process's move between the two; a
    /// deferred migration opening it later), is refused as moved and never made again at the
    /// old path: it was created anew there, empty, and laid out.
    @Test(arguments: [true, false])
    func aFileGoneBetweenTheResolutionAndTheOpenIsNeverMadeAgain(leavesANote: Bool) throws {
        let state = try StateFile()
        try Store(path: state.path, migrator: .withNoOpDataSteps()).close()
        let file = try DatabaseFile(resolving: state.path)
        #expect(file.identity != nil)
        #expect(rename(state.path, state.path("elsewhere.sqlite")) == 0)
        if leavesANote { try MovedDatabaseNote.write(at: state.path, pointingTo: state.path("elsewhere.sqlite")) }
        let refusal = #expect(throws: StoreError.self) { try Store(file: file, migrator: .withNoOpDataSteps()) }
        switch refusal {
        case .movedTo(let path, let destination)?: #expect(leavesANote && path == state.path && destination == state.path("elsewhere.sqlite"))
        case .fileMoved(let path)?: #expect(!leavesANote && path == state.path)
        default: Issue.record("refused as \(String(describing: refusal))")
        }
        #expect(!FileManager.default.fileExists(atPath: state.path), "a file was made again at the old path")
    }

    @Test func aFileRemovedAfterTheResolutionIsMissingNow() throws {
        let state = try StateFile()
        try Database(DatabaseFile(resolving: state.path), .readWrite(createIfMissing: true)).close()
        let file = try DatabaseFile(resolving: state.path)
        try FileManager.default.removeItem(atPath: state.path)
        #expect(file.identity != nil)
        #expect(file.refusalIfMissing() != nil)
    }

    /// A write that waited for a move's lock, which the move released when it was killed
    /// after putting its copy in place, never goes into the original: under the lock it finds
    /// the note and the copy, and throws where the file went. (The connection's first write:
    /// once one has written, it holds the file's shared lock, and no move takes the file while
    /// it is open; `MoveCommandTests` holds a move to that.)
    @Test func aWriteUnderTheLockOfAMoveKilledAfterItsCopyWasInPlaceGoesNowhere() throws {
        let state = try StateFile()
        let seeding = try Store(path: state.path, migrator: .withNoOpDataSteps())
        try seeding.saveRecord(#"{"version":1}"#, version: 1, account: "default", scene: "before", kind: "notes")
        seeding.close()
        let store = try Store(path: state.path, migrator: .withNoOpDataSteps())
        defer { store.close() }
        let destination = state.path("moved.sqlite")
        try FileManager.default.copyItem(atPath: state.path, toPath: destination)
        try Data((destination + "\n").utf8).write(to: URL(fileURLWithPath: state.path + "-moved"))
        #expect(throws: StoreError.movedTo(path: state.path, destination: destination)) {
            try store.saveRecord(#"{"version":1}"#, version: 1, account: "default", scene: "after", kind: "notes")
        }
        #expect(try store.record(account: "default", scene: "after", kind: "notes") == nil)
        // The note gone (a person's choice), the original takes saves again.
        try FileManager.default.removeItem(atPath: state.path + "-moved")
        try store.saveRecord(#"{"version":1}"#, version: 1, account: "default", scene: "after", kind: "notes")
    }
}
