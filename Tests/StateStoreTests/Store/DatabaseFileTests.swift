import Foundation
import TestSupport
import Testing

@testable import StateStore

/// `DatabaseFile`: a path resolved once, and the one answer to whether its file exists.
struct DatabaseFileTests {
    @Test func aFileThatIsThereIsNotMissing() throws {
        let dir = try TemporaryDirectory()
        try Database(DatabaseFile(resolving: dir.path("state.sqlite")), .readWrite(createIfMissing: true)).close()
        let file = try DatabaseFile(resolving: dir.path("state.sqlite"))
        #expect(file.identity != nil)
        #expect(file.refusalIfMissing() == nil)
    }

    @Test func aMissingFileIsNotFoundAndAStalePathNamesWhereTheFileWent() throws {
        let dir = try TemporaryDirectory()
        let file = try DatabaseFile(resolving: dir.path("state.sqlite"))
        guard case .fileNotFound(let path) = file.refusalIfMissing() else {
            Issue.record("a missing file without a note is not found: \(String(describing: file.refusalIfMissing()))")
            return
        }
        #expect(path == dir.path("state.sqlite"))
        MovedDatabaseNote.write(at: file.path, pointingTo: dir.path("moved.sqlite"))
        guard case .movedTo(let old, let destination) = file.refusalIfMissing() else {
            Issue.record("a stale path is not told where the file went: \(String(describing: file.refusalIfMissing()))")
            return
        }
        #expect(old == dir.path("state.sqlite") && destination == dir.path("moved.sqlite"))
        // Reading it finds the note, creating nothing.
        #expect(throws: StoreError.self) { try Store(reading: file) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path) == ["state.sqlite-moved"])
    }

    @Test func aFileRemovedAfterTheResolutionIsMissingNow() throws {
        let dir = try TemporaryDirectory()
        try Database(DatabaseFile(resolving: dir.path("state.sqlite")), .readWrite(createIfMissing: true)).close()
        let file = try DatabaseFile(resolving: dir.path("state.sqlite"))
        try FileManager.default.removeItem(atPath: dir.path("state.sqlite"))
        #expect(file.identity != nil)
        #expect(file.refusalIfMissing() != nil)
    }
}
