import Foundation
import ScreenKinds
import StateRestore
import StateRestoreTesting
import TestSupport
import Testing

/// `CoalescingWriter.persist` over an app-defined kind, with the main-actor turns and the
/// writer's windows driven by hand.
@MainActor
@Suite struct PersistenceTrackingTests {
    let file: StateFile
    let key: SceneKey
    let windows = ManualWriteScheduler()
    let turns = ManualTurnScheduler()
    let writer: CoalescingWriter

    init() throws {
        file = try StateFile()
        key = try SceneKey(scene: "main")
        writer = try CoalescingWriter(path: file.path, scheduler: windows)
    }

    /// What a fresh restorer reads back, or nil when nothing is stored.
    private func stored() -> ReaderState? {
        let restorer = StateRestorer(path: file.path)
        defer { try? restorer.close() }
        let restored = restorer.restore(ReaderState.self, key)
        restorer.completeRestore(restored)
        return restored.reports(.noRecord) ? nil : restored.state
    }

    @Test func thousandChangesReachSQLiteAsAtMostThreeWritesWithTheLastState() throws {
        let model = ReaderModel()
        let tracking = writer.persist(for: key, turns: turns) { model.restorableState }
        for change in 1...1_000 {
            model.page = change + 1
            if change.isMultiple(of: 3) { model.fontSize = Double(change) / 100 }
            #expect(turns.runPendingTurns() == 1)
            if change.isMultiple(of: 400) { windows.fireAll() }
        }
        #expect(writer.writesCommitted == 2)
        #expect(stored() == ReaderState(page: 801, fontSize: 7.98))
        windows.fireAll()
        #expect(writer.writesCommitted == 3)
        #expect(writer.pendingCount == 0)
        #expect(tracking.savedCount == 1_000)
        #expect(stored() == model.restorableState)
        #expect(stored() == ReaderState(page: 1_001, fontSize: 9.99))
        try writer.flush()
        #expect(writer.writesCommitted == 3)
    }

    @Test func changesOfOneTurnAreSavedOnceWithTheFinalValue() throws {
        let model = ReaderModel()
        let tracking = writer.persist(model, for: key, turns: turns)
        model.page = 2
        model.fontSize = 1.5
        model.page = 3
        #expect(turns.pendingTurnCount == 1)
        #expect(writer.pendingCount == 0)
        #expect(turns.runPendingTurns() == 1)
        #expect(tracking.savedCount == 1)
        #expect(writer.pendingCount == 1)
        #expect(windows.pendingDelays == [.seconds(1)])
        windows.fireAll()
        #expect(writer.writesCommitted == 1)
        #expect(stored() == ReaderState(page: 3, fontSize: 1.5))
    }

    @Test func theTrackingReArmsAfterEachChange() throws {
        let model = ReaderModel()
        let tracking = writer.persist(model, for: key, turns: turns)
        for page in 2...4 {
            model.page = page
            #expect(turns.runPendingTurns() == 1)
            #expect(tracking.savedCount == page - 1)
            windows.fireAll()
            #expect(stored() == ReaderState(page: page, fontSize: 1.0))
        }
        #expect(writer.writesCommitted == 3)
    }

    @Test func aChangeToAPropertyTheStateDoesNotReadWritesNothing() throws {
        let model = ReaderModel()
        let tracking = writer.persist(model, for: key, turns: turns)
        model.scrollVelocity = 12
        #expect(turns.pendingTurnCount == 0)
        #expect(turns.runPendingTurns() == 0)
        windows.fireAll()
        try writer.flush()
        #expect(tracking.savedCount == 0)
        #expect(writer.writesCommitted == 0)
        #expect(stored() == nil)
    }

    @Test func aChangeBackToTheLastSavedStateWritesNothing() throws {
        let model = ReaderModel()
        let tracking = writer.persist(model, for: key, turns: turns)
        model.page = 7
        model.page = 1
        #expect(turns.runPendingTurns() == 1)
        #expect(tracking.savedCount == 0)
        #expect(writer.pendingCount == 0)
        try writer.flush()
        #expect(writer.writesCommitted == 0)
        #expect(stored() == nil)
        // Still armed: the next real change is saved.
        model.page = 2
        turns.runPendingTurns()
        try writer.flush()
        #expect(stored() == ReaderState(page: 2, fontSize: 1.0))
    }

    @Test func afterCancelChangesWriteNothingAndFlushWritesWhatWasPending() throws {
        let model = ReaderModel()
        let tracking = writer.persist(model, for: key, turns: turns)
        model.page = 5
        turns.runPendingTurns()
        #expect(writer.pendingCount == 1)
        tracking.cancel()
        #expect(!tracking.isTracking)
        model.page = 6
        turns.runPendingTurns()
        tracking.saveCurrentState()
        #expect(tracking.savedCount == 1)
        try writer.flush()
        #expect(writer.writesCommitted == 1)
        #expect(stored() == ReaderState(page: 5, fontSize: 1.0))
        model.page = 7
        turns.runPendingTurns()
        try writer.flush()
        #expect(writer.writesCommitted == 1)
        #expect(stored() == ReaderState(page: 5, fontSize: 1.0))
    }

    @Test func aChangeWhoseTurnIsPendingAtCancelIsNotSaved() throws {
        let model = ReaderModel()
        let tracking = writer.persist(model, for: key, turns: turns)
        model.page = 5
        tracking.cancel()
        #expect(turns.runPendingTurns() == 1)
        try writer.flush()
        #expect(writer.writesCommitted == 0)
        #expect(stored() == nil)
    }

    @Test func releasingTheTrackingStopsSavingWithoutALeak() throws {
        let model = ReaderModel()
        var tracking: PersistenceTracking? = writer.persist(model, for: key, turns: turns)
        weak let released = tracking
        model.page = 2
        turns.runPendingTurns()
        tracking = nil
        #expect(released == nil)
        model.page = 3
        turns.runPendingTurns()
        try writer.flush()
        #expect(writer.writesCommitted == 1)
        #expect(stored() == ReaderState(page: 2, fontSize: 1.0))
    }

    @Test func releasingTheModelEndsTheTrackingWithoutALeak() throws {
        var model: ReaderModel? = ReaderModel()
        weak let released = model
        let tracking = writer.persist(model!, for: key, turns: turns)
        model?.page = 2
        #expect(tracking.isTracking)
        model = nil
        #expect(released == nil)
        #expect(!tracking.isTracking)
        // The turn scheduled by the last change finds the model gone and saves nothing.
        #expect(turns.runPendingTurns() == 1)
        tracking.saveCurrentState()
        try writer.flush()
        #expect(tracking.savedCount == 0)
        #expect(writer.writesCommitted == 0)
    }

    @Test func aTrackingFromARestorationCarriesItsKeyAndFields() throws {
        let restorer = StateRestorer(path: file.path)
        defer { try? restorer.close() }
        try restorer.save(ReaderState(page: 40, fontSize: 2), for: key, carryingExactly: ["bookmarks": .array([.integer(12)])], replacingNewer: false)
        let restored = restorer.restore(ReaderState.self, key)
        restorer.completeRestore(restored)
        #expect(restored.carriedFields == ["bookmarks": .array([.integer(12)])])
        let model = ReaderModel(restored.state)
        let tracking = writer.persist(model, for: restored.key, carrying: restored.carriedFields, turns: turns)
        model.page = 41
        turns.runPendingTurns()
        try writer.flush()
        #expect(tracking.savedCount == 1)
        let again = restorer.restore(ReaderState.self, key)
        #expect(again.state == ReaderState(page: 41, fontSize: 2))
        #expect(again.carriedFields == ["bookmarks": .array([.integer(12)])])
    }

    @Test func theDefaultSchedulerReadsTheChangeInALaterMainActorTask() async throws {
        /// ``TaskTurnScheduler``, reporting each turn it ran to the test.
        struct ReportingTurns: MainActorTurnScheduling {
            let ran: AsyncStream<Void>.Continuation
            func scheduleTurn(_ work: @escaping @MainActor @Sendable () -> Void) {
                let ran = self.ran
                TaskTurnScheduler().scheduleTurn {
                    work()
                    ran.yield()
                }
            }
        }
        let (ranTurns, ran) = AsyncStream<Void>.makeStream()
        var turnsRan = ranTurns.makeAsyncIterator()
        let model = ReaderModel()
        let tracking = writer.persist(model, for: key, turns: ReportingTurns(ran: ran))
        model.page = 2
        model.page = 3
        #expect(tracking.savedCount == 0)
        await turnsRan.next()
        #expect(tracking.savedCount == 1)
        try writer.flush()
        #expect(stored() == ReaderState(page: 3, fontSize: 1.0))
    }
}
