import Foundation
import ScreenKinds
import ScreenModels
import StateRestoreTesting
import StateStore
import TestSupport
import Testing

@testable import StateRestore

/// One gate for every write: the sign-out fence is captured per screen at its restore, so a
/// screen restored before a sign-out is fenced for hand, persisted and shelf saves alike,
/// whatever other screens restored since and whatever bookkeeping was forgotten; the tool's
/// purge in another process fences the same way; a scene this process restored is in use for
/// its prune.
@MainActor
@Suite struct WriteGateTests {
    let file: StateFile
    let document = CatalogDocument(books: [CatalogBook(id: 1, title: "Kept")])

    init() throws { file = try StateFile() }

    private func seed(_ account: String, scenes: [String], at time: Double = Store.now()) throws {
        let store = try Store(path: file.path, migrator: StateMigrations.makeMigrator())
        defer { store.close() }
        for scene in scenes {
            try store.saveRecord(#"{"version":3,"query":"\#(account)'s \#(scene)"}"#, version: 3, account: account, scene: scene, kind: "catalog", at: time)
        }
    }

    private func records(of account: String) throws -> [String] {
        let store = try Store(readingExistingFileAt: file.path)
        defer { store.close() }
        var scenes: [String] = []
        try store.forEachRecord(account: account) { scenes.append("\($0.scene):\(String(decoding: $0.payload, as: UTF8.self))") }
        return scenes
    }

    /// Purges `account` with the built tool, in a process of its own.
    private func purgeWithTheTool(_ account: String) throws {
        let purge = try ChildProcess(restorectl: ["purge", "--db", file.path, "--account", account])
        _ = purge.remainingLines()
        #expect(purge.waitForExit().isSuccess, "\(purge.errorOutput())")
    }

    @Test func aHandSaveOfAScreenRestoredBeforeTheSignOutIsRefused() throws {
        try seed("alice", scenes: ["main"])
        let restorer = StateRestorer(path: file.path)
        defer { try? restorer.close() }
        let key = try SceneKey(scene: "main", account: "alice")
        _ = restorer.restore(CatalogViewState.self, key, against: document)

        try restorer.signOut(account: "alice")
        #expect(throws: StoreError.accountSignedOut(account: "alice")) {
            try restorer.save(CatalogViewState(query: "written back?"), for: key)
        }
        #expect(try records(of: "alice").isEmpty)
        let next = StateRestorer(path: file.path)
        defer { try? next.close() }
        #expect(next.restore(CatalogViewState.self, key, against: document).reports(.noRecord), "the next launch restores nothing of the account")
    }

    @Test func anotherScreensRestoreAfterAPurgeElsewhereDoesNotLiftTheFence() throws {
        try seed("alice", scenes: ["main", "side"])
        let restorer = StateRestorer(path: file.path, scheduler: ManualWriteScheduler())
        defer { try? restorer.close() }
        let main = try SceneKey(scene: "main", account: "alice")
        let side = try SceneKey(scene: "side", account: "alice")
        let restored = restorer.restore(CatalogViewState.self, main, against: document)
        var state = restored.state
        let tracking = restorer.persist(from: restored, turns: ManualTurnScheduler()) { state }

        try purgeWithTheTool("alice")
        // The person signs in again in another window: its restore captures the new generation.
        _ = restorer.restore(CatalogViewState.self, side, against: document)
        try restorer.save(CatalogViewState(query: "side, signed back in"), for: side)

        #expect(throws: StoreError.accountSignedOut(account: "alice")) {
            try restorer.save(CatalogViewState(query: "main, from before the purge"), for: main)
        }
        state.query = "main, persisted from before the purge"
        tracking.saveCurrentState()
        #expect(try restorer.flush() == [main])
        #expect(restorer.unwrittenSaves.map(\.reason) == [.accountSignedOut])
        let stored = try records(of: "alice")
        #expect(stored.count == 1 && stored[0].hasPrefix("side:") && stored[0].contains("signed back in"), "\(stored)")
        withExtendedLifetime(tracking) {}
    }

    @Test func forgettingAScreensBookkeepingKeepsItsFence() throws {
        try seed("alice", scenes: ["main"])
        let restorer = StateRestorer(path: file.path)
        defer { try? restorer.close() }
        let main = try SceneKey(scene: "main", account: "alice")
        // Completed, the screen is not live: discard takes it.
        restorer.completeRestore(restorer.restore(CatalogViewState.self, main, against: document))
        try purgeWithTheTool("alice")
        try restorer.discard([main])
        #expect(throws: StoreError.accountSignedOut(account: "alice")) {
            try restorer.save(CatalogViewState(query: "after discard"), for: main)
        }
        // Restoring the screen again captures the new generation: it saves again.
        _ = restorer.restore(CatalogViewState.self, main, against: document)
        try restorer.save(CatalogViewState(query: "restored again"), for: main)
        #expect(try records(of: "alice").count == 1)
    }

    @Test func aScreenNeverRestoredIsFencedFromItsFirstSave() throws {
        try seed("alice", scenes: [])
        let restorer = StateRestorer(path: file.path)
        defer { try? restorer.close() }
        let key = try SceneKey(scene: "fresh", account: "alice")
        try restorer.save(CatalogViewState(query: "first"), for: key)
        try purgeWithTheTool("alice")
        #expect(throws: StoreError.accountSignedOut(account: "alice")) {
            try restorer.save(CatalogViewState(query: "after the purge"), for: key)
        }
        #expect(try records(of: "alice").isEmpty)
    }

    @Test func aShelfSnapshotOfAShelfRestoredBeforeTheSignOutIsRefused() throws {
        let restorer = StateRestorer(path: file.path)
        defer { try? restorer.close() }
        let snapshot = ShelfSnapshot(books: [ShelfBook(id: 1, title: "Dune", revision: 1)], fetchedAt: Date(timeIntervalSince1970: 10), drafts: [])
        try restorer.saveShelf(snapshot, shelf: "home", account: "alice")
        _ = restorer.restoreShelf("home", account: "alice")
        try restorer.signOut(account: "alice")
        #expect(throws: StoreError.accountSignedOut(account: "alice")) {
            try restorer.saveShelf(snapshot, shelf: "home", account: "alice")
        }
        let store = try Store(readingExistingFileAt: file.path)
        defer { store.close() }
        #expect(try store.snapshots(account: "alice").isEmpty)
    }

    @Test func aSceneThisProcessRestoredIsInUseForItsPrune() throws {
        try seed("default", scenes: ["opened", "abandoned"], at: Store.now() - 7_200)
        let restorer = StateRestorer(path: file.path)
        defer { try? restorer.close() }
        let opened = try SceneKey(scene: "opened")
        let restored = restorer.restore(CatalogViewState.self, opened, against: document)
        #expect(restored.reports(.noRecord) == false)
        restorer.completeRestore(restored)

        // A second restorer of the same process prunes too: the scene is in use for it as well.
        let second = StateRestorer(path: file.path)
        defer { try? second.close() }
        #expect(try second.removeScenes(unusedFor: .seconds(3_600), dryRun: true).map(\.scene) == ["abandoned"])
        #expect(try restorer.removeScenes(unusedFor: .seconds(3_600)).map(\.scene) == ["abandoned"])
        #expect(try records(of: "default").map { $0.prefix(while: { $0 != ":" }) } == ["opened"])
    }

    @Test func aSceneThisProcessSavedIsInUseForItsPrune() throws {
        try seed("default", scenes: ["abandoned"], at: Store.now() - 7_200)
        let restorer = StateRestorer(path: file.path)
        defer { try? restorer.close() }
        let store = try Store(path: file.path, migrator: StateMigrations.makeMigrator())
        let saved = try SceneKey(scene: "saved")
        try restorer.save(CatalogViewState(query: "now"), for: saved)
        // Back-date the record as a clock change would: the save still counts for this process.
        try store.saveRecord(#"{"version":3,"query":"now"}"#, version: 3, account: "default", scene: "saved", kind: "catalog", at: Store.now() - 7_200)
        store.close()
        #expect(try restorer.removeScenes(unusedFor: .seconds(3_600)).map(\.scene) == ["abandoned"])
    }

    @Test func aHandSaveWrittenEndsTheScreensUnwrittenEntry() throws {
        let store = try Store(path: file.path, migrator: StateMigrations.makeMigrator())
        try store.saveRecord(#"{"version":99,"query":"from a newer release"}"#, version: 99, account: "default", scene: "main", kind: "catalog")
        store.close()
        let restorer = StateRestorer(path: file.path, scheduler: ManualWriteScheduler())
        defer { try? restorer.close() }
        let key = try SceneKey(scene: "main")
        let restored = restorer.restore(CatalogViewState.self, key, against: document)
        var state = restored.state
        let tracking = restorer.persist(from: restored, turns: ManualTurnScheduler()) { state }
        state.query = "kept from the newer record"
        tracking.saveCurrentState()
        #expect(try restorer.flush() == [key])
        #expect(restorer.unwrittenSaves.map(\.reason) == [.newerRecordKept(version: 99)])

        try restorer.save(CatalogViewState(query: "replaced on purpose"), for: key, replacingNewer: true)
        #expect(restorer.unwrittenSaves.isEmpty, "the screen's next save was written")
        withExtendedLifetime(tracking) {}
    }
}
