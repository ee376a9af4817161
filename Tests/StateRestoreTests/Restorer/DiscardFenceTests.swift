import Foundation
import ScreenKinds
import ScreenModels
import StateRestore
import StateRestoreTesting
import StateStore
import TestSupport
import Testing

/// A discard is fenced like a sign-out (issue #37): a save of the scene captured before the
/// discard is refused in every restorer and every process, a persisted one listed as
/// `sceneDiscarded`, a hand save thrown; a restore after it saves again. And a sign-out holds
/// for every restorer of the process that signed out, a scene it never restored included.
@MainActor
@Suite struct DiscardFenceTests {
    let file: StateFile
    let windows = ManualWriteScheduler()
    let turns = ManualTurnScheduler()
    let window: SceneKey

    init() throws {
        file = try StateFile()
        window = try SceneKey(scene: "w1", account: "alice")
        let seed = StateRestorer(path: file.path)
        try seed.save(NotesState(query: "stored"), for: window)
        try seed.close()
    }

    private func storedQuery() throws -> String? {
        let restorer = StateRestorer(path: file.path)
        defer { try? restorer.close() }
        let restored = restorer.restore(NotesState.self, window, against: [])
        return restored.report.map(\.code).contains(.noRecord) ? nil : restored.state.query
    }

    /// A tracking of `restorer` with a change handed to its writer, the window's tracking then
    /// cancelled, as when it closes with a save still in its coalescing window.
    private func pendingSave(in restorer: StateRestorer) -> PersistenceTracking {
        let restored = restorer.restore(NotesState.self, window, against: [])
        var state = restored.state
        let tracking = restorer.persist(from: restored, turns: turns) { state }
        state.query = "pending"
        tracking.saveCurrentState()
        tracking.cancel()
        return tracking
    }

    @Test func aDiscardThroughAnotherRestorerDropsThePendingSaveOfTheScene() throws {
        let app = StateRestorer(path: file.path, scheduler: windows)
        defer { try? app.close() }
        let tracking = pendingSave(in: app)
        let other = StateRestorer(path: file.path)
        #expect(try other.discard([window]) == 1)
        try other.close()
        #expect(try app.flush() == [])
        #expect(app.unwrittenSaves == [UnwrittenSave(key: window, kind: NotesState.kind, reason: .sceneDiscarded)])
        try app.close()
        #expect(try storedQuery() == nil)
        withExtendedLifetime(tracking) {}
    }

    @Test func aDiscardByAnotherProcessFencesThePendingSaveCapturedBeforeIt() throws {
        let app = StateRestorer(path: file.path, scheduler: windows)
        defer { try? app.close() }
        let tracking = pendingSave(in: app)
        // The other process: the real tool, as a share extension would be.
        let tool = try ChildProcess(restorectl: ["discard", "--db", file.path, "--scene", "w1", "--account", "alice"])
        let exit = tool.waitForExit()
        #expect(exit.isSuccess, "\(exit): \(tool.errorOutput())")
        #expect(try app.flush() == [window])
        #expect(app.unwrittenSaves.map(\.reason) == [.sceneDiscarded])
        try app.close()
        #expect(try storedQuery() == nil)
        withExtendedLifetime(tracking) {}
    }

    @Test func aHandSaveCapturedBeforeADiscardThrowsUntilTheSceneIsRestoredAgain() throws {
        let app = StateRestorer(path: file.path)
        defer { try? app.close() }
        // Restored and applied (the screen saves by hand): not live once completed.
        app.completeRestore(app.restore(NotesState.self, window, against: []))
        let other = StateRestorer(path: file.path)
        try other.discard([window])
        try other.close()
        #expect(throws: StoreError.sceneDiscarded(account: "alice", scene: "w1")) {
            try app.save(NotesState(query: "stale"), for: window)
        }
        #expect(try storedQuery() == nil)
        // A restore after the discard captures the new fence: the scene saves again.
        _ = app.restore(NotesState.self, window, against: [])
        try app.save(NotesState(query: "new window"), for: window)
        #expect(try storedQuery() == "new window")
    }

    @Test func aSceneNeverRestoredBeforeTheDiscardSavesAsANewWindow() throws {
        let other = StateRestorer(path: file.path)
        try other.discard([window])
        try other.close()
        let app = StateRestorer(path: file.path)
        defer { try? app.close() }
        try app.save(NotesState(query: "first save"), for: window)
        #expect(try storedQuery() == "first save")
    }

    @Test func aSignOutFencesEveryRestorerOfTheProcessUntilTheAccountIsRestoredAgain() throws {
        let app = StateRestorer(path: file.path)
        defer { try? app.close() }
        try app.signOut(account: "alice")
        // Another restorer of the process, and a scene neither ever restored.
        let widget = StateRestorer(path: file.path)
        defer { try? widget.close() }
        let never = try SceneKey(scene: "never-restored", account: "alice")
        #expect(throws: StoreError.accountSignedOut(account: "alice")) {
            try widget.save(NotesState(query: "episode titles"), for: never)
        }
        #expect(throws: StoreError.accountSignedOut(account: "alice")) {
            try app.save(NotesState(query: "episode titles"), for: never)
        }
        let bob = try SceneKey(scene: "never-restored", account: "bob")
        try widget.save(NotesState(query: "another account"), for: bob)
        // Signing back in is a restore, in any restorer of the process.
        _ = app.restore(NotesState.self, window, against: [])
        try widget.save(NotesState(query: "signed in again"), for: never)
    }

    /// A screen of an account this process signed out sees the file at its first save, refused
    /// or not: a discard after it refuses the screen's later saves, after the account is
    /// restored again too (model sequence
    /// `Fixtures/sequences/a-discard-fences-a-screen-of-an-account-signed-out-here-from-its-first-save.txt`).
    @Test func aDiscardAfterTheFirstSaveOfASignedOutAccountsSceneRefusesItsLaterSaves() throws {
        let app = StateRestorer(path: file.path)
        defer { try? app.close() }
        try app.signOut(account: "alice")
        let never = try SceneKey(scene: "never-restored", account: "alice")
        #expect(throws: StoreError.accountSignedOut(account: "alice")) {
            try app.save(NotesState(query: "before the discard"), for: never)
        }
        // Another process, which signed nobody out, saves the scene; then it is discarded.
        let child = try ChildProcess(stress: ["model-child", "--db", file.path])
        _ = try child.readLines(until: "ready")
        child.send("\(Date().timeIntervalSince1970) save alice never-restored elsewhere|-|0")
        #expect(child.nextLine() == "saved", "\(child.errorOutput())")
        child.kill()
        _ = child.waitForExit()
        #expect(try app.discard([never]) == 1)
        // Signed back in (a restore of another scene): the screen's state is still from before
        // the discard.
        _ = app.restore(NotesState.self, window, against: [])
        #expect(throws: StoreError.sceneDiscarded(account: "alice", scene: "never-restored")) {
            try app.save(NotesState(query: "before the discard"), for: never)
        }
        // A restore of the scene after the discard captures the new fence: it saves again.
        _ = app.restore(NotesState.self, never, against: [])
        try app.save(NotesState(query: "a new window"), for: never)
    }

    @Test func aFlushWhileSuspendedNamesEverySaveItDidNotWrite() throws {
        let app = StateRestorer(path: file.path, scheduler: windows)
        defer { try? app.close() }
        let restored = app.restore(NotesState.self, window, against: [])
        var state = restored.state
        let tracking = app.persist(from: restored, turns: turns) { state }
        try app.suspend()
        state.query = "while suspended"
        tracking.saveCurrentState()
        #expect(throws: RestoreError.savesNotWritten("the app is suspended (its connections are closed until resume(), which writes the saves)", scenes: [window])) {
            try app.flush()
        }
        try app.resume()
        #expect(try app.flush() == [])
        tracking.cancel()
        try app.close()
        #expect(try storedQuery() == "while suspended")
    }

    @Test func aSceneLiveInAnotherProcessIsRefusedUntilThatProcessLetsGoOrDies() throws {
        let child = try ChildProcess(stress: ["model-child", "--db", file.path])
        _ = try child.readLines(until: "ready")
        let ask = { (line: String) throws -> String in
            child.send("\(Date().timeIntervalSince1970) \(line)")
            return try #require(child.nextLine(), "the child ended: \(child.errorOutput())")
        }
        #expect(try ask("restore alice w1").hasPrefix("restored "))
        #expect(try ask("persist alice w1") == "persisting 0")
        let app = StateRestorer(path: file.path)
        defer { try? app.close() }
        #expect(throws: RestoreError.sceneIsLive(scene: window.description)) { try app.discard([window]) }
        #expect(throws: RestoreError.sceneIsLive(scene: "w1")) { try app.discard(sceneIDs: ["w1"]) }
        // A prune spares it as well, whatever its record's age.
        #expect(try !app.removeScenes(unusedFor: .zero).contains(window))
        // The tool refuses it too (74), and discards nothing.
        let tool = try ChildProcess(restorectl: ["discard", "--db", file.path, "--scene", "w1"])
        #expect(tool.waitForExit().status == 74)
        #expect(tool.errorOutput().contains("still on screen"))
        // A killed process leaves nothing live behind it.
        child.kill()
        _ = child.waitForExit()
        #expect(try app.discard([window]) == 1)
        #expect(try storedQuery() == nil)
    }

    @Test func aSceneThisProcessHasOnScreenIsRefusedToTheToolUntilItsTrackingIsCancelled() throws {
        let app = StateRestorer(path: file.path, scheduler: windows)
        defer { try? app.close() }
        let restored = app.restore(NotesState.self, window, against: [])
        let tracking = app.persist(from: restored, turns: turns) { restored.state }
        let refused = try ChildProcess(restorectl: ["discard", "--db", file.path, "--scene", "w1", "--account", "alice"])
        #expect(refused.waitForExit().status == 74, "\(refused.errorOutput())")
        #expect(try storedQuery() == "stored")
        tracking.cancel()
        let discarded = try ChildProcess(restorectl: ["discard", "--db", file.path, "--scene", "w1", "--account", "alice"])
        #expect(discarded.waitForExit().isSuccess, "\(discarded.errorOutput())")
        #expect(try storedQuery() == nil)
    }

    @Test func aFlushAfterCloseNamesTheSavesItWillNeverWrite() throws {
        let app = StateRestorer(path: file.path, scheduler: windows)
        let restored = app.restore(NotesState.self, window, against: [])
        var state = restored.state
        let tracking = app.persist(from: restored, turns: turns) { state }
        state.query = "before close"
        tracking.saveCurrentState()
        #expect(app.pendingSaves == [window])
        try app.close()
        #expect(app.pendingSaves == [])
        state.query = "after close"
        tracking.saveCurrentState()
        #expect(app.pendingSaves == [window])
        #expect(throws: RestoreError.savesNotWritten("the restorer was closed (close()); saves made since are never written", scenes: [window])) {
            try app.flush()
        }
        #expect(try storedQuery() == "before close")
    }

    @Test func theFencesStayBoundedToTheNewestDiscards() throws {
        let store = try Store(path: file.path, migrator: StateMigrations.makeMigrator())
        defer { store.close() }
        let extra = 5
        for index in 0..<(Store.discardFencesKept + extra) {
            _ = try store.discardScenes([(account: "alice", scene: "window-\(index)")])
        }
        #expect(try store.discardFenceCount() == Store.discardFencesKept)
        #expect(try store.discardEpoch() == Store.discardFencesKept + extra)
        // The newest fence still refuses a save captured before it; the oldest has gone.
        let captured = WriteRules(discardFencedAt: 0)
        #expect(throws: StoreError.sceneDiscarded(account: "alice", scene: "window-\(Store.discardFencesKept + extra - 1)")) {
            try store.saveRecord(
                "{\"version\":1}", version: 1, account: "alice", scene: "window-\(Store.discardFencesKept + extra - 1)", kind: "notes", rules: captured)
        }
        try store.saveRecord("{\"version\":1}", version: 1, account: "alice", scene: "window-0", kind: "notes", rules: captured)
    }

    /// One discard of more scenes than the fences kept fences every one of them: none of its
    /// own is dropped to keep the bound (they were, the greatest keys first, so a save of those
    /// scenes captured before the discard went through); the next discard drops them as usual.
    @Test func oneDiscardOfMoreScenesThanAreKeptFencesEveryOne() throws {
        let store = try Store(path: file.path, migrator: StateMigrations.makeMigrator())
        defer { store.close() }
        let count = Store.discardFencesKept + 3
        _ = try store.discardScenes((0..<count).map { (account: "alice", scene: "window-\($0)") })
        #expect(try store.discardFenceCount() == count)
        let captured = WriteRules(discardFencedAt: 0)
        for index in 0..<count {
            #expect(throws: StoreError.sceneDiscarded(account: "alice", scene: "window-\(index)")) {
                try store.saveRecord("{\"version\":1}", version: 1, account: "alice", scene: "window-\(index)", kind: "notes", rules: captured)
            }
        }
        _ = try store.discardScenes([(account: "alice", scene: "another")])
        #expect(try store.discardFenceCount() == Store.discardFencesKept)
    }
}
