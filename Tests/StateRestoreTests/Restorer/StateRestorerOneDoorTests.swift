import Foundation
import StateRestore
import StateRestoreTesting
import StateStore
import TestSupport
import Testing

/// The restorer as the one object an app holds per file: restore, persist (which completes the
/// restore), flush and close, with the main-actor turns and the writer's windows driven by hand.
@MainActor
@Suite struct StateRestorerOneDoorTests {
    let stateFile: StateFile
    let key: SceneKey
    let windows = ManualWriteScheduler()
    let turns = ManualTurnScheduler()

    init() throws {
        stateFile = try StateFile()
        key = try SceneKey(scene: "main")
    }

    /// A restorer on the test's file whose coalescing windows end only when the test fires them.
    private func makeRestorer() -> StateRestorer {
        StateRestorer(path: stateFile.path, scheduler: windows)
    }

    /// The scenes of `key`'s account whose restore is marked in the guard file.
    private func marks() throws -> [String] {
        let marks = Set(LaunchGuardFile.recordedMarks(beside: stateFile.path))
        return marks.contains(LaunchGuardMark(account: key.account, scene: key.scene, kind: ReaderState.kind)) ? [key.scene] : []
    }

    /// What a fresh restorer reads back for `key`.
    private func stored() throws -> Restoration<ReaderState> {
        let restorer = StateRestorer(path: stateFile.path)
        defer { try? restorer.close() }
        let restored = restorer.restore(ReaderState.self, key)
        restorer.completeRestore(restored)
        return restored
    }

    /// Stores `state` as a previous launch would have, so the next restore reads a record.
    private func seed(_ state: ReaderState) throws {
        let restorer = StateRestorer(path: stateFile.path)
        try restorer.save(state, for: key)
        try restorer.close()
    }

    @Test func aLaunchIsThreeStatementsAndTheNextLaunchRestoresItsChanges() throws {
        try seed(ReaderState(page: 7, fontSize: 1))
        let restorer = makeRestorer()
        let restored = restorer.restore(ReaderState.self, key)
        let model = ReaderModel(restored.state)
        let tracking = restorer.persist(model, from: restored, turns: turns)
        #expect(model.page == 7 && tracking.isTracking)

        model.page = 8
        turns.runPendingTurns()
        try restorer.close()
        #expect(try stored().state == ReaderState(page: 8, fontSize: 1))
        #expect(try marks().isEmpty)
    }

    @Test func persistingCompletesTheRestoreOneMainActorTurnLater() throws {
        try seed(ReaderState(page: 3, fontSize: 1))
        let restorer = makeRestorer()
        defer { try? restorer.close() }
        let restored = restorer.restore(ReaderState.self, key)
        #expect(try marks() == ["main"])  // the record is being applied

        let model = ReaderModel(restored.state)
        let tracking = restorer.persist(model, from: restored, turns: turns)
        #expect(try marks() == ["main"])  // the screen is not laid out yet
        #expect(turns.runPendingTurns() == 1)
        #expect(try marks().isEmpty)
        #expect(tracking.isTracking)
    }

    @Test func aFlushBeforeTheTurnCompletesTheRestoreToo() throws {
        try seed(ReaderState(page: 3, fontSize: 1))
        let restorer = makeRestorer()
        defer { try? restorer.close() }
        let restored = restorer.restore(ReaderState.self, key)
        let tracking = restorer.persist(from: restored, turns: turns) { ReaderState(page: 3, fontSize: 1) }
        try restorer.flush()
        #expect(try marks().isEmpty)
        // The turn that follows finds nothing left to complete and writes nothing.
        turns.runPendingTurns()
        #expect(try marks().isEmpty)
        #expect(restorer.writesCommitted == 0)
        tracking.cancel()
    }

    @Test func aFlushHandsOverAChangeMadeInTheSameTurn() throws {
        let restorer = makeRestorer()
        defer { try? restorer.close() }
        let restored = restorer.restore(ReaderState.self, key)
        let model = ReaderModel(restored.state)
        let tracking = restorer.persist(model, from: restored, turns: turns)
        model.page = 42  // no turn runs before the flush
        let skipped = try restorer.flush()
        #expect(skipped.isEmpty)
        #expect(try stored().state.page == 42)
        #expect(tracking.savedCount == 1)
    }

    @Test func closeWritesWhatIsPendingAndLaterRestoresAnswerDefaults() throws {
        let restorer = makeRestorer()
        let restored = restorer.restore(ReaderState.self, key)
        let model = ReaderModel(restored.state)
        let tracking = restorer.persist(model, from: restored, turns: turns)
        model.fontSize = 2
        turns.runPendingTurns()
        #expect(restorer.writesCommitted == 0)  // the window has not ended
        try restorer.close()
        #expect(restorer.writesCommitted == 1)
        #expect(try stored().state == ReaderState(page: 1, fontSize: 2))
        #expect(restorer.restore(ReaderState.self, key).state == ReaderState.defaultValue)
        withExtendedLifetime(tracking) {}
    }

    @Test func aRestoreThatReadNoRecordLeavesNoMarkAndCompletingItWritesNothing() throws {
        let restorer = makeRestorer()
        defer { try? restorer.close() }
        let restored = restorer.restore(ReaderState.self, key)
        #expect(restored.reports(.noRecord))
        #expect(try marks().isEmpty)
        #expect(restorer.completeRestore(restored))
    }

    @Test func aHandSaveCarriesTheFieldsTheLastRestoredRecordHadThatThisBuildDoesNotKnow() throws {
        let store = try Store(path: stateFile.path, migrator: StateMigrations.makeMigrator())
        try store.saveRecord(#"{"version":1,"page":5,"fontSize":1.0,"bookmarks":[12]}"#, version: 1, account: key.account, scene: key.scene, kind: "reader")
        store.close()
        let restorer = makeRestorer()
        let restored = restorer.restore(ReaderState.self, key)
        #expect(restored.carriedFields == ["bookmarks": .array([.integer(12)])])
        restorer.completeRestore(restored)
        try restorer.save(ReaderState(page: 6, fontSize: 1), for: key)
        try restorer.close()
        let again = try stored()
        #expect(again.state.page == 6 && again.carriedFields == ["bookmarks": .array([.integer(12)])])
    }

    @Test func restoresFromManyThreadsAtOnceEachGetTheirRecord() async throws {
        try seed(ReaderState(page: 9, fontSize: 1))
        let restorer = makeRestorer()
        let key = self.key
        let pages = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<16 {
                group.addTask { restorer.restore(ReaderState.self, key).state.page }
            }
            var pages: [Int] = []
            for await page in group { pages.append(page) }
            return pages
        }
        #expect(pages == Array(repeating: 9, count: 16))
        try restorer.close()
    }
}
