import Foundation
import ScreenKinds
import ScreenModels
import StateRestoreTesting
import StateStore
import TestSupport
import Testing

@testable import StateRestore

/// Scenes neither saved nor restored for a while go: `removeScenes(unusedFor:)` deletes them
/// (every kind's record), a restore counts as a use (noted with the restorer's next write or
/// its close, never a commit of its own), a live scene counts as used, and a dry run deletes
/// nothing.
@MainActor
@Suite struct RemoveUnusedScenesTests {
    let file: StateFile
    let document = CatalogDocument(books: [])
    static let day: Double = 86_400

    init() throws { file = try StateFile() }

    /// Records saved `daysAgo` days ago for each scene (catalog and notes kinds for "old").
    private func seed(_ scenes: [(String, daysAgo: Double)]) throws {
        let store = try Store(path: file.path, migrator: StateMigrations.makeMigrator())
        defer { store.close() }
        for (scene, daysAgo) in scenes {
            let time = Store.now() - daysAgo * Self.day
            try store.saveRecord(#"{"version":3,"query":"\#(scene)"}"#, version: 3, account: "default", scene: scene, kind: "catalog", at: time)
            try store.saveRecord(#"{"version":1,"notes":[]}"#, version: 1, account: "default", scene: scene, kind: "notes", at: time)
        }
    }

    private func storedScenes() throws -> [String] {
        let store = try Store(readingExistingFileAt: file.path)
        defer { store.close() }
        var scenes: Set<String> = []
        try store.forEachRecord { scenes.insert($0.scene) }
        return scenes.sorted()
    }

    @Test func scenesUnusedForTheAgeGoAndARestoreCountsAsAUse() throws {
        try seed([("abandoned", daysAgo: 120), ("reopened", daysAgo: 120), ("live", daysAgo: 120), ("recent", daysAgo: 3)])
        let launch = StateRestorer(path: file.path)
        _ = launch.restore(CatalogViewState.self, try SceneKey(scene: "reopened"), against: document)
        try launch.close()  // the use rides on the close's flush

        let restorer = StateRestorer(path: file.path, scheduler: ManualWriteScheduler())
        defer { try? restorer.close() }
        let live = restorer.restore(CatalogViewState.self, try SceneKey(scene: "live"), against: document)
        var state = live.state
        let tracking = restorer.persist(from: live, turns: ManualTurnScheduler()) { state }

        let wouldGo = try restorer.removeScenes(unusedFor: .seconds(90 * Self.day), dryRun: true)
        #expect(wouldGo.map(\.scene) == ["abandoned"])
        #expect(try storedScenes() == ["abandoned", "live", "recent", "reopened"], "a dry run deletes nothing")

        let removed = try restorer.removeScenes(unusedFor: .seconds(90 * Self.day))
        #expect(removed.map(\.scene) == ["abandoned"])
        #expect(try storedScenes() == ["live", "recent", "reopened"], "every kind of the scene went")
        state.query = "still here"
        tracking.saveCurrentState()
        #expect(try restorer.flush().isEmpty)
        withExtendedLifetime(tracking) {}
    }

    /// Past `ScenesInUse.indexThreshold` scenes a file's scenes in use are kept in a set beside
    /// the list: each is still noted once, and every one of them still counts as used.
    @Test func manyScenesInUseAreEachKeptOnceAndNeverRemoved() throws {
        let count = ScenesInUse.indexThreshold * 2
        let restoredScenes = (0..<count).map { "window-\($0)" }
        try seed(restoredScenes.map { ($0, daysAgo: 120) } + [("never-opened", daysAgo: 120)])
        let restorer = StateRestorer(path: file.path, scheduler: ManualWriteScheduler())
        defer { try? restorer.close() }
        for scene in restoredScenes + restoredScenes.prefix(3) {
            _ = restorer.restore(CatalogViewState.self, try SceneKey(scene: scene), against: document)
        }
        #expect(ScenesInUse.scenes(at: restorer.file).map(\.scene) == restoredScenes, "each scene once, in the order first used")
        let wouldGo = try restorer.removeScenes(unusedFor: .seconds(90 * Self.day), dryRun: true)
        #expect(wouldGo.map(\.scene) == ["never-opened"])
    }

    @Test func aLaunchThatOnlyRestoresMakesNoCommitForTheUse() throws {
        try seed([("reopened", daysAgo: 120)])
        let restorer = StateRestorer(path: file.path)
        _ = restorer.restore(CatalogViewState.self, try SceneKey(scene: "reopened"), against: document)
        #expect(restorer.writesCommitted == 0, "the use waits for a write the restorer makes anyway")
        try restorer.close()
        #expect(restorer.writesCommitted == 1, "the close's flush carries it")
        let next = StateRestorer(path: file.path)
        defer { try? next.close() }
        #expect(try next.removeScenes(unusedFor: .seconds(90 * Self.day)).isEmpty)
    }
}
