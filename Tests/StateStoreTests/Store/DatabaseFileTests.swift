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

    @Test func aFileRemovedAfterTheResolutionIsMissingNow() throws {
        let state = try StateFile()
        try Database(DatabaseFile(resolving: state.path), .readWrite(createIfMissing: true)).close()
        let file = try DatabaseFile(resolving: state.path)
        try FileManager.default.removeItem(atPath: state.path)
        #expect(file.identity != nil)
        #expect(file.refusalIfMissing() != nil)
    }
}
