import Foundation
import ScreenKinds
import ScreenModels
import StateRestore
import StateRestoreTesting
import StateStore
import TestSupport
import Testing

/// Forgetting scenes: a discarded scene's records of every kind, its marks and its pending
/// saves are gone; a scene still on screen is refused and nothing named is touched.
@MainActor
@Suite struct StateRestorerDiscardTests {
    let screen: HandDrivenScreen

    init() throws { screen = try HandDrivenScreen() }

    private func records() throws -> [String] {
        let store = try Store(readingExistingFileAt: screen.file.path)
        defer { store.close() }
        return try store.recordSummaries().map { "\($0.account)/\($0.scene)/\($0.kind)" }.sorted()
    }

    private func seed() throws {
        let restorer = StateRestorer(path: screen.file.path)
        for account in ["alice", "bob"] {
            for scene in ["window-1", "window-2"] {
                let key = try SceneKey(scene: scene, account: account)
                try restorer.save(CatalogViewState(query: scene), for: key)
                try restorer.save(NotesState(query: scene), for: key)
            }
        }
        try restorer.close()
    }

    @Test func discardingASceneRemovesEveryKindsRecordItsMarksAndItsPendingSaves() throws {
        try seed()
        let restorer = StateRestorer(path: screen.file.path, scheduler: screen.windows)
        defer { try? restorer.close() }
        let key = try SceneKey(scene: "window-1", account: "alice")
        let restored = restorer.restore(NotesState.self, key, against: [])
        var state = restored.state
        let tracking = restorer.persist(from: restored, turns: screen.turns) { state }
        state.query = "pending"
        tracking.saveCurrentState()
        tracking.cancel()  // the window closed
        #expect(LaunchGuardFile.recordedMarks(beside: screen.file.path).count == 1)  // its restore is marked

        #expect(try restorer.discard([key]) == 2)
        #expect(try restorer.flush().isEmpty)
        #expect(try records() == ["alice/window-2/catalog", "alice/window-2/notes", "bob/window-1/catalog", "bob/window-1/notes", "bob/window-2/catalog", "bob/window-2/notes"])
        #expect(LaunchGuardFile.recordedMarks(beside: screen.file.path).isEmpty)
    }

    /// Two spellings of one scene id (`café` composed and decomposed) are two scenes, as
    /// SQLite keeps them: discarding one leaves the other's pending save, which a comparison of
    /// Swift strings dropped.
    @Test func discardingASceneLeavesOneSpelledWithOtherBytesAlone() throws {
        let composed = try SceneKey(scene: "caf\u{E9}")
        let decomposed = try SceneKey(scene: "cafe\u{301}")
        let restorer = StateRestorer(path: screen.file.path, scheduler: screen.windows)
        defer { try? restorer.close() }
        try restorer.save(NotesState(query: "gone"), for: composed)
        let restored = restorer.restore(NotesState.self, decomposed, against: [])
        var state = restored.state
        let tracking = restorer.persist(from: restored, turns: screen.turns) { state }
        state.query = "pending at the discard"
        tracking.saveCurrentState()  // waiting for its window
        tracking.cancel()  // the window closed, so the discard may go on
        #expect(try restorer.discard([composed]) == 1)
        #expect(try restorer.flush().isEmpty)
        #expect(restorer.unwrittenSaves.isEmpty, "\(restorer.unwrittenSaves)")
        #expect(try records().map { Array($0.utf8) } == [Array("default/cafe\u{301}/notes".utf8)], "by bytes: Swift calls the two equal")
    }

    @Test func aSceneIDAloneIsDiscardedInEveryAccount() throws {
        try seed()
        let restorer = StateRestorer(path: screen.file.path)
        defer { try? restorer.close() }
        #expect(try restorer.discard(sceneIDs: ["window-2"]) == 4)
        #expect(try records() == ["alice/window-1/catalog", "alice/window-1/notes", "bob/window-1/catalog", "bob/window-1/notes"])
    }

    @Test func aLiveSceneIsRefusedAndNothingNamedIsDiscarded() throws {
        try seed()
        let restorer = StateRestorer(path: screen.file.path, scheduler: screen.windows)
        defer { try? restorer.close() }
        let live = try SceneKey(scene: "window-1", account: "bob")
        let restored = restorer.restore(NotesState.self, live, against: [])
        let tracking = restorer.persist(from: restored, turns: screen.turns) { restored.state }
        let before = try records()
        #expect(throws: RestoreError.sceneIsLive(scene: live.description)) {
            try restorer.discard([try SceneKey(scene: "window-2", account: "alice"), live])
        }
        #expect(try records() == before)
        withExtendedLifetime(tracking) {}
    }
}
