import Foundation
import StateRestoreTesting
import StateStore
import TestSupport
import Testing

@testable import StateRestore

/// `rollBack(kind:writtenBy:)`: a release wrote bad state into many scenes; a later launch puts
/// the earlier records back in one transaction, through the write gate, and the next launch
/// restores them. A live scene is refused, as discard refuses it; a rollback can be undone.
@MainActor
@Suite struct RollbackTests {
    let file: StateFile
    let clock = ManualClock()
    let scenes: [SceneKey]

    init() throws {
        file = try StateFile()
        scenes = try ["a", "b", "c"].map { try SceneKey(scene: $0, account: "alice") } + [try SceneKey(scene: "a", account: "bob")]
    }

    /// Saves `entry(scene)` for each of `scenes` as `build` would.
    private func save(_ scenes: [SceneKey], build: String, _ entry: (SceneKey) -> String) throws {
        let restorer = StateRestorer(path: file.path, configuration: clock.configuration(build: build))
        defer { try? restorer.close() }
        for scene in scenes {
            clock.advance(by: 1)
            try restorer.save(JournalState(entry: entry(scene)), for: scene)
        }
    }

    private func restoredEntries() -> [String] {
        let restorer = StateRestorer(path: file.path, configuration: clock.configuration(build: "1.3"))
        defer { try? restorer.close() }
        return scenes.map { restorer.restore(JournalState.self, $0).state.entry }
    }

    @Test func aBuildsRecordsAreRolledBackAndTheNextLaunchRestoresTheEarlierState() throws {
        try save(scenes, build: "1.1") { "good \($0.account)/\($0.scene)" }
        try save(Array(scenes.prefix(3)), build: "1.2") { "bad \($0.scene)" }
        try save([try SceneKey(scene: "new", account: "alice")], build: "1.2") { _ in "bad only" }
        #expect(restoredEntries() == ["bad a", "bad b", "bad c", "good bob/a"])

        let restorer = StateRestorer(path: file.path, configuration: clock.configuration(build: "1.3"))
        let result = try restorer.rollBack(kind: JournalState.self, writtenBy: "1.2")
        try restorer.close()
        #expect(result.rolledBack == Array(scenes.prefix(3)))
        #expect(result.nothingEarlier == [try SceneKey(scene: "new", account: "alice")])
        #expect(result.liveScenes.isEmpty && result.pendingSaves.isEmpty && result.signedOutScenes.isEmpty)
        #expect(restoredEntries() == ["good alice/a", "good alice/b", "good alice/c", "good bob/a"])

        let store = try Store(readingExistingFileAt: file.path)
        defer { store.close() }
        #expect(try store.recordBuild(account: "alice", scene: "a", kind: "journal") == "1.1", "the stamp goes back with the record")
        #expect(try store.historyLines(scenes[0], kind: "journal") == [#"{"version":1,"entry":"bad a"}@1.2"#], "the replaced record is kept")
    }

    @Test func aRollbackCanItselfBeUndone() throws {
        try save(scenes, build: "1.1") { _ in "good" }
        try save(scenes, build: "1.2") { _ in "bad" }
        let restorer = StateRestorer(path: file.path, configuration: clock.configuration(build: "1.3"))
        defer { try? restorer.close() }
        #expect(try restorer.rollBack(kind: JournalState.self, writtenBy: "1.2", account: "alice").rolledBack == Array(scenes.prefix(3)))
        #expect(try restorer.rollBack(kind: JournalState.self, writtenBy: "1.1", account: "alice").rolledBack == Array(scenes.prefix(3)))
        try restorer.close()
        #expect(restoredEntries() == ["bad", "bad", "bad", "bad"])
    }

    @Test func aSceneLiveInThisProcessIsRefusedAndLeftAsItIs() throws {
        try save(scenes, build: "1.1") { _ in "good" }
        try save(scenes, build: "1.2") { _ in "bad" }
        let restorer = StateRestorer(path: file.path, configuration: clock.configuration(build: "1.3"), scheduler: ManualWriteScheduler())
        let restored = restorer.restore(JournalState.self, scenes[1])
        var state = restored.state
        let tracking = restorer.persist(from: restored, turns: ManualTurnScheduler()) { state }
        let result = try restorer.rollBack(kind: JournalState.self, writtenBy: "1.2")
        #expect(result.liveScenes == [scenes[1]] && result.pendingSaves.isEmpty && result.signedOutScenes.isEmpty)
        #expect(result.rolledBack == [scenes[0], scenes[2], scenes[3]])
        state.entry = "edited"
        tracking.saveCurrentState()
        tracking.cancel()
        // A save waiting to be written would overwrite the rollback: refused too.
        #expect(try restorer.rollBack(kind: JournalState.self, writtenBy: "1.2").pendingSaves == [scenes[1]])
        try restorer.close()
        #expect(restoredEntries() == ["good", "edited", "good", "good"])
    }

    /// One rule for rollBack and discard: a screen is live from its restore until the restore
    /// is completed and its tracking has ended. Restored and not yet persisted, its model
    /// would save the bad state over the earlier record.
    @Test func aScreenRestoredAndNotYetPersistedIsLiveUntilItsRestoreIsCompleted() throws {
        try save(scenes, build: "1.1") { _ in "good" }
        try save(scenes, build: "1.2") { _ in "bad" }
        let restorer = StateRestorer(path: file.path, configuration: clock.configuration(build: "1.3"), scheduler: ManualWriteScheduler())
        defer { try? restorer.close() }
        let restored = restorer.restore(JournalState.self, scenes[0])
        let applied = restorer.restore(JournalState.self, scenes[1])
        restorer.completeRestore(applied)
        #expect(throws: RestoreError.sceneIsLive(scene: scenes[0].description)) { try restorer.discard([scenes[0]]) }
        var result = try restorer.rollBack(kind: JournalState.self, writtenBy: "1.2")
        #expect(result.liveScenes == [scenes[0]] && result.pendingSaves.isEmpty && result.signedOutScenes.isEmpty)
        #expect(result.rolledBack == [scenes[1], scenes[2], scenes[3]], "a completed restore is not live")

        // Persisted, it stays live while tracked; cancelled, it is not.
        let tracking = restorer.persist(from: restored, turns: ManualTurnScheduler()) { restored.state }
        #expect(try restorer.rollBack(kind: JournalState.self, writtenBy: "1.2").liveScenes == [scenes[0]])
        tracking.cancel()
        result = try restorer.rollBack(kind: JournalState.self, writtenBy: "1.2")
        #expect(result.rolledBack == [scenes[0]] && result.liveScenes.isEmpty && result.pendingSaves.isEmpty && result.signedOutScenes.isEmpty)
        try restorer.close()
        #expect(restoredEntries() == ["good", "good", "good", "good"])
    }

    @Test func aScreenRestoredBeforeItsAccountWasSignedOutIsFenced() throws {
        try save([scenes[0]], build: "1.1") { _ in "before" }
        let early = StateRestorer(path: file.path, configuration: clock.configuration(build: "1.3"))
        defer { try? early.close() }
        early.completeRestore(early.restore(JournalState.self, scenes[0]))  // applied, not live
        let other = StateRestorer(path: file.path, configuration: clock.configuration(build: "1.3"))
        try other.signOut(account: "alice")
        // Signing back in, in this process, is a restore of the account: until then every
        // restorer of the process refuses its saves.
        _ = other.restore(JournalState.self, scenes[0])
        try other.close()
        try save([scenes[0]], build: "1.1") { _ in "after" }
        try save([scenes[0]], build: "1.2") { _ in "bad" }
        let result = try early.rollBack(kind: JournalState.self, writtenBy: "1.2")
        #expect(result.signedOutScenes == [scenes[0]] && result.liveScenes.isEmpty && result.pendingSaves.isEmpty && result.rolledBack.isEmpty)
    }

    @Test func aPersistedSaveIsStampedAndKeepsTheRecordItReplaces() throws {
        try save([scenes[0]], build: "1.1") { _ in "typed by hand" }
        let restorer = StateRestorer(path: file.path, configuration: clock.configuration(build: "1.2"), scheduler: ManualWriteScheduler())
        let restored = restorer.restore(JournalState.self, scenes[0])
        var state = restored.state
        let tracking = restorer.persist(from: restored, turns: ManualTurnScheduler()) { state }
        state.entry = "persisted"
        tracking.saveCurrentState()
        try restorer.flush()
        tracking.cancel()
        try restorer.close()
        let store = try Store(readingExistingFileAt: file.path)
        defer { store.close() }
        #expect(try store.recordBuild(account: "alice", scene: "a", kind: "journal") == "1.2")
        #expect(try store.historyLines(scenes[0], kind: "journal") == [#"{"version":1,"entry":"typed by hand"}@1.1"#])
    }
}
