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
    let screen: HandDrivenScreen

    init() throws { screen = try HandDrivenScreen() }

    /// The scenes of `screen.key`'s account whose restore is marked in the guard file, and
    /// "another record" for each mark that names no record the scene holds now.
    private func marks() throws -> [String] {
        let marks = LaunchGuardFile.recordedMarks(beside: screen.file.path)
        guard !marks.isEmpty else { return [] }
        // A mark names the record its restore was applying: its save time.
        let store = try Store(readingExistingFileAt: screen.file.path)
        defer { store.close() }
        let record = try store.record(account: screen.key.account, scene: screen.key.scene, kind: ReaderState.kind)
        let mark = LaunchGuardMark(account: screen.key.account, scene: screen.key.scene, kind: ReaderState.kind)
        return marks.map { record.map(\.updatedAt).map(mark.stamped(savedAt:)) == $0 ? screen.key.scene : "another record" }
    }

    /// What a fresh restorer reads back for `screen.key`.
    private func stored() throws -> Restoration<ReaderState> {
        let restorer = StateRestorer(path: screen.file.path)
        defer { try? restorer.close() }
        let restored = restorer.restore(ReaderState.self, screen.key)
        restorer.completeRestore(restored)
        return restored
    }

    /// Stores `state` as a previous launch would have, so the next restore reads a record.
    private func seed(_ state: ReaderState) throws {
        let restorer = StateRestorer(path: screen.file.path)
        try restorer.save(state, for: screen.key)
        try restorer.close()
    }

    @Test func aLaunchIsThreeStatementsAndTheNextLaunchRestoresItsChanges() throws {
        try seed(ReaderState(page: 7, fontSize: 1))
        let restorer = screen.restorer()
        let restored = restorer.restore(ReaderState.self, screen.key)
        let model = ReaderModel(restored.state)
        let tracking = restorer.persist(model, from: restored, turns: screen.turns)
        #expect(model.page == 7 && tracking.isTracking)

        model.page = 8
        screen.turns.runPendingTurns()
        try restorer.close()
        #expect(try stored().state == ReaderState(page: 8, fontSize: 1))
        #expect(try marks().isEmpty)
    }

    @Test func persistingCompletesTheRestoreOneMainActorTurnLater() throws {
        try seed(ReaderState(page: 3, fontSize: 1))
        let restorer = screen.restorer()
        defer { try? restorer.close() }
        let restored = restorer.restore(ReaderState.self, screen.key)
        #expect(try marks() == ["main"])  // the record is being applied

        let model = ReaderModel(restored.state)
        let tracking = restorer.persist(model, from: restored, turns: screen.turns)
        #expect(try marks() == ["main"])  // the screen is not laid out yet
        #expect(screen.turns.runPendingTurns() == 1)
        #expect(try marks().isEmpty)
        #expect(tracking.isTracking)
    }

    @Test func aFlushBeforeTheTurnCompletesTheRestoreToo() throws {
        try seed(ReaderState(page: 3, fontSize: 1))
        let restorer = screen.restorer()
        defer { try? restorer.close() }
        let restored = restorer.restore(ReaderState.self, screen.key)
        let tracking = restorer.persist(from: restored, turns: screen.turns) { ReaderState(page: 3, fontSize: 1) }
        try restorer.flush()
        #expect(try marks().isEmpty)
        // The turn that follows finds nothing left to complete and writes nothing.
        screen.turns.runPendingTurns()
        #expect(try marks().isEmpty)
        #expect(restorer.writesCommitted == 0)
        tracking.cancel()
    }

    @Test func aFlushHandsOverAChangeMadeInTheSameTurn() throws {
        let restorer = screen.restorer()
        defer { try? restorer.close() }
        let restored = restorer.restore(ReaderState.self, screen.key)
        let model = ReaderModel(restored.state)
        let tracking = restorer.persist(model, from: restored, turns: screen.turns)
        model.page = 42  // no turn runs before the flush
        let skipped = try restorer.flush()
        #expect(skipped.isEmpty)
        #expect(try stored().state.page == 42)
        #expect(tracking.savedCount == 1)
    }

    @Test func closeWritesWhatIsPendingAndLaterRestoresAnswerDefaults() throws {
        let restorer = screen.restorer()
        let restored = restorer.restore(ReaderState.self, screen.key)
        let model = ReaderModel(restored.state)
        let tracking = restorer.persist(model, from: restored, turns: screen.turns)
        model.fontSize = 2
        screen.turns.runPendingTurns()
        #expect(restorer.writesCommitted == 0)  // the window has not ended
        try restorer.close()
        #expect(restorer.writesCommitted == 1)
        #expect(try stored().state == ReaderState(page: 1, fontSize: 2))
        #expect(restorer.restore(ReaderState.self, screen.key).state == ReaderState.defaultValue)
        withExtendedLifetime(tracking) {}
    }

    @Test func aRestoreThatReadNoRecordLeavesNoMarkAndCompletingItWritesNothing() throws {
        let restorer = screen.restorer()
        defer { try? restorer.close() }
        let restored = restorer.restore(ReaderState.self, screen.key)
        #expect(restored.reports(.noRecord))
        #expect(try marks().isEmpty)
        #expect(restorer.completeRestore(restored))
    }

    @Test func aHandSaveCarriesTheFieldsTheLastRestoredRecordHadThatThisBuildDoesNotKnow() throws {
        let store = try Store(path: screen.file.path, migrator: StateMigrations.makeMigrator())
        try store.saveRecord(#"{"version":1,"page":5,"fontSize":1.0,"bookmarks":[12]}"#, version: 1, account: screen.key.account, scene: screen.key.scene, kind: "reader")
        store.close()
        let restorer = screen.restorer()
        let restored = restorer.restore(ReaderState.self, screen.key)
        #expect(restored.carriedFields == ["bookmarks": .array([.integer(12)])])
        restorer.completeRestore(restored)
        try restorer.save(ReaderState(page: 6, fontSize: 1), for: screen.key)
        try restorer.close()
        let again = try stored()
        #expect(again.state.page == 6 && again.carriedFields == ["bookmarks": .array([.integer(12)])])
    }

    @Test func restoresFromManyThreadsAtOnceEachGetTheirRecord() async throws {
        try seed(ReaderState(page: 9, fontSize: 1))
        let restorer = screen.restorer()
        let key = screen.key
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
