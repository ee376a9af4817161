import Foundation
import ScreenKinds
import ScreenModels
import StateRestore
import StateRestoreTesting
import StateStore
import TestSupport
import Testing

/// Restorers of one file find each other by its device and inode, not by the path each was
/// given: through a real hard link, a discard and a sign-out hold for the other restorer exactly
/// as for two restorers of the same path (the second opens the file at the first one's path, so
/// SQLite keeps one WAL for both); a file put in place of another at the same path is
/// another file, and this process's notes of the old one do not hold for it.
@MainActor
@Suite struct HardLinkIdentityTests {
    let folder: TemporaryDirectory
    let path: String
    let linked: String
    let windows = ManualWriteScheduler()
    let turns = ManualTurnScheduler()
    let window: SceneKey

    /// A file the first restorer creates itself (no identity at its resolution), then a hard
    /// link to it beside it.
    init() throws {
        folder = try TemporaryDirectory()
        path = folder.path("a.sqlite")
        linked = folder.path("b.sqlite")
        window = try SceneKey(scene: "w1", account: "alice")
        let seed = StateRestorer(path: path)
        try seed.save(NotesState(query: "stored"), for: window)
        try seed.close()
        #expect(link(path, linked) == 0, "errno \(errno)")
    }

    private func storedQuery() throws -> String? {
        let restorer = StateRestorer(path: path)
        defer { try? restorer.close() }
        let restored = restorer.restore(NotesState.self, window, against: [])
        return restored.report.map(\.code).contains(.noRecord) ? nil : restored.state.query
    }

    @Test func aDiscardThroughAHardLinkRefusesASceneLiveInTheOtherRestorer() throws {
        let app = StateRestorer(path: path, scheduler: windows)
        defer { try? app.close() }
        let restored = app.restore(NotesState.self, window, against: [])
        let tracking = app.persist(from: restored, turns: turns) { restored.state }
        let other = StateRestorer(path: linked)
        defer { try? other.close() }
        #expect(throws: RestoreError.sceneIsLive(scene: window.description)) {
            try other.discard([window])
        }
        #expect(try storedQuery() == "stored")
        withExtendedLifetime(tracking) {}
    }

    @Test func aDiscardThroughAHardLinkDropsThePendingSaveOfTheOtherRestorer() throws {
        let app = StateRestorer(path: path, scheduler: windows)
        defer { try? app.close() }
        let restored = app.restore(NotesState.self, window, against: [])
        var state = restored.state
        let tracking = app.persist(from: restored, turns: turns) { state }
        state.query = "pending"
        tracking.saveCurrentState()
        tracking.cancel()
        let other = StateRestorer(path: linked)
        #expect(try other.discard([window]) == 1)
        try other.close()
        // It opened the file at the path the app's restorer opens: one WAL, seen by both.
        #expect(!FileManager.default.fileExists(atPath: linked + "-wal"))
        #expect(try app.flush() == [])
        #expect(app.unwrittenSaves == [UnwrittenSave(key: window, kind: NotesState.kind, reason: .sceneDiscarded)])
        try app.close()
        #expect(try storedQuery() == nil)
    }

    /// The sign-out fence of this process is noted for the file, not the path: a restorer of
    /// the hard link never writes the account back, a scene it never restored included.
    @Test func aSignOutThroughOnePathFencesARestorerOfAHardLinkToTheFile() throws {
        let app = StateRestorer(path: path)
        defer { try? app.close() }
        try app.signOut(account: "alice")
        let widget = StateRestorer(path: linked)
        defer { try? widget.close() }
        let never = try SceneKey(scene: "never-restored", account: "alice")
        #expect(throws: StoreError.accountSignedOut(account: "alice")) {
            try widget.save(NotesState(query: "episode titles"), for: never)
        }
        // Signing back in through the link holds for the first path too.
        _ = widget.restore(NotesState.self, window, against: [])
        try app.save(NotesState(query: "signed in again"), for: never)
    }

    /// A sign-out first noted while the file did not exist yet (a first launch) is carried
    /// to the file's identity once the restorer created it.
    @Test func aSignOutBeforeTheFileExistsFencesARestorerOfAHardLinkMadeAfter() throws {
        let fresh = folder.path("fresh.sqlite")
        let app = StateRestorer(path: fresh)
        defer { try? app.close() }
        try app.signOut(account: "alice")
        let never = try SceneKey(scene: "never-restored", account: "alice")
        try app.save(NotesState(query: "bob's"), for: try SceneKey(scene: "w", account: "bob"))
        let freshLink = folder.path("fresh-link.sqlite")
        #expect(link(fresh, freshLink) == 0, "errno \(errno)")
        let widget = StateRestorer(path: freshLink)
        defer { try? widget.close() }
        #expect(throws: StoreError.accountSignedOut(account: "alice")) {
            try widget.save(NotesState(query: "episode titles"), for: never)
        }
    }

    /// Another file put at the path (the old one moved aside, so its inode cannot be reused
    /// meanwhile) is another file: the sign-out noted for the old one does not fence it.
    @Test func aFileReplacedAtTheSamePathIsAnotherFileToTheSignOutFence() throws {
        let app = StateRestorer(path: path)
        try app.signOut(account: "alice")
        try app.close()
        #expect(unlink(linked) == 0)
        #expect(rename(path, folder.path("old.sqlite")) == 0)
        let never = try SceneKey(scene: "never-restored", account: "alice")
        let next = StateRestorer(path: path)
        defer { try? next.close() }
        try next.save(NotesState(query: "a new file"), for: never)
        let reader = StateRestorer(path: path)
        defer { try? reader.close() }
        #expect(reader.restore(NotesState.self, never, against: []).state.query == "a new file")
    }
}
