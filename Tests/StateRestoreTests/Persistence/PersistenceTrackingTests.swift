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
    let screen: HandDrivenScreen
    let writer: CoalescingWriter

    init() throws {
        screen = try HandDrivenScreen()
        writer = try CoalescingWriter(path: screen.file.path, scheduler: screen.windows)
    }

    @Test func thousandChangesReachSQLiteAsAtMostThreeWritesWithTheLastState() throws {
        let model = ReaderModel()
        let tracking = writer.persist(for: screen.key, turns: screen.turns) { model.restorableState }
        for change in 1...1_000 {
            model.page = change + 1
            if change.isMultiple(of: 3) { model.fontSize = Double(change) / 100 }
            #expect(screen.turns.runPendingTurns() == 1)
            if change.isMultiple(of: 400) { screen.windows.fireAll() }
        }
        #expect(writer.writesCommitted == 2)
        #expect(screen.stored(ReaderState.self) == ReaderState(page: 801, fontSize: 7.98))
        screen.windows.fireAll()
        #expect(writer.writesCommitted == 3)
        #expect(writer.pendingCount == 0)
        #expect(tracking.savedCount == 1_000)
        #expect(screen.stored(ReaderState.self) == model.restorableState)
        #expect(screen.stored(ReaderState.self) == ReaderState(page: 1_001, fontSize: 9.99))
        try writer.flush()
        #expect(writer.writesCommitted == 3)
    }

    @Test func changesOfOneTurnAreSavedOnceWithTheFinalValue() throws {
        let model = ReaderModel()
        let tracking = writer.persist(model, for: screen.key, turns: screen.turns)
        model.page = 2
        model.fontSize = 1.5
        model.page = 3
        #expect(screen.turns.pendingTurnCount == 1)
        #expect(writer.pendingCount == 0)
        #expect(screen.turns.runPendingTurns() == 1)
        #expect(tracking.savedCount == 1)
        #expect(writer.pendingCount == 1)
        #expect(screen.windows.pendingDelays == [.seconds(1)])
        screen.windows.fireAll()
        #expect(writer.writesCommitted == 1)
        #expect(screen.stored(ReaderState.self) == ReaderState(page: 3, fontSize: 1.5))
    }

    @Test func theTrackingReArmsAfterEachChange() throws {
        let model = ReaderModel()
        let tracking = writer.persist(model, for: screen.key, turns: screen.turns)
        for page in 2...4 {
            model.page = page
            #expect(screen.turns.runPendingTurns() == 1)
            #expect(tracking.savedCount == page - 1)
            screen.windows.fireAll()
            #expect(screen.stored(ReaderState.self) == ReaderState(page: page, fontSize: 1.0))
        }
        #expect(writer.writesCommitted == 3)
    }

    @Test func aChangeToAPropertyTheStateDoesNotReadWritesNothing() throws {
        let model = ReaderModel()
        let tracking = writer.persist(model, for: screen.key, turns: screen.turns)
        model.scrollVelocity = 12
        #expect(screen.turns.pendingTurnCount == 0)
        #expect(screen.turns.runPendingTurns() == 0)
        screen.windows.fireAll()
        try writer.flush()
        #expect(tracking.savedCount == 0)
        #expect(writer.writesCommitted == 0)
        #expect(screen.stored(ReaderState.self) == nil)
    }

    @Test func aChangeBackToTheLastSavedStateWritesNothing() throws {
        let model = ReaderModel()
        let tracking = writer.persist(model, for: screen.key, turns: screen.turns)
        model.page = 7
        model.page = 1
        #expect(screen.turns.runPendingTurns() == 1)
        #expect(tracking.savedCount == 0)
        #expect(writer.pendingCount == 0)
        try writer.flush()
        #expect(writer.writesCommitted == 0)
        #expect(screen.stored(ReaderState.self) == nil)
        // Still armed: the next real change is saved.
        model.page = 2
        screen.turns.runPendingTurns()
        try writer.flush()
        #expect(screen.stored(ReaderState.self) == ReaderState(page: 2, fontSize: 1.0))
    }

    @Test func afterCancelChangesWriteNothingAndFlushWritesWhatWasPending() throws {
        let model = ReaderModel()
        let tracking = writer.persist(model, for: screen.key, turns: screen.turns)
        model.page = 5
        screen.turns.runPendingTurns()
        #expect(writer.pendingCount == 1)
        tracking.cancel()
        #expect(!tracking.isTracking)
        model.page = 6
        screen.turns.runPendingTurns()
        tracking.saveCurrentState()
        #expect(tracking.savedCount == 1)
        try writer.flush()
        #expect(writer.writesCommitted == 1)
        #expect(screen.stored(ReaderState.self) == ReaderState(page: 5, fontSize: 1.0))
        model.page = 7
        screen.turns.runPendingTurns()
        try writer.flush()
        #expect(writer.writesCommitted == 1)
        #expect(screen.stored(ReaderState.self) == ReaderState(page: 5, fontSize: 1.0))
    }

    @Test func aChangeWhoseTurnIsPendingAtCancelIsNotSaved() throws {
        let model = ReaderModel()
        let tracking = writer.persist(model, for: screen.key, turns: screen.turns)
        model.page = 5
        tracking.cancel()
        #expect(screen.turns.runPendingTurns() == 1)
        try writer.flush()
        #expect(writer.writesCommitted == 0)
        #expect(screen.stored(ReaderState.self) == nil)
    }

    @Test func releasingTheTrackingStopsSavingWithoutALeak() throws {
        let model = ReaderModel()
        var tracking: PersistenceTracking? = writer.persist(model, for: screen.key, turns: screen.turns)
        weak let released = tracking
        model.page = 2
        screen.turns.runPendingTurns()
        tracking = nil
        #expect(released == nil)
        model.page = 3
        screen.turns.runPendingTurns()
        try writer.flush()
        #expect(writer.writesCommitted == 1)
        #expect(screen.stored(ReaderState.self) == ReaderState(page: 2, fontSize: 1.0))
    }

    @Test func releasingTheModelEndsTheTrackingWithoutALeak() throws {
        var model: ReaderModel? = ReaderModel()
        weak let released = model
        let tracking = writer.persist(model!, for: screen.key, turns: screen.turns)
        model?.page = 2
        #expect(tracking.isTracking)
        model = nil
        #expect(released == nil)
        #expect(!tracking.isTracking)
        // The turn scheduled by the last change finds the model gone and saves nothing.
        #expect(screen.turns.runPendingTurns() == 1)
        tracking.saveCurrentState()
        try writer.flush()
        #expect(tracking.savedCount == 0)
        #expect(writer.writesCommitted == 0)
    }

    @Test func aTrackingFromARestorationCarriesItsKeyAndFields() throws {
        let restorer = StateRestorer(path: screen.file.path)
        defer { try? restorer.close() }
        try restorer.save(ReaderState(page: 40, fontSize: 2), for: screen.key, carryingExactly: ["bookmarks": .array([.integer(12)])], replacingNewer: false)
        let restored = restorer.restore(ReaderState.self, screen.key)
        restorer.completeRestore(restored)
        #expect(restored.carriedFields == ["bookmarks": .array([.integer(12)])])
        let model = ReaderModel(restored.state)
        let tracking = writer.persist(model, for: restored.key, carrying: restored.carriedFields, turns: screen.turns)
        model.page = 41
        screen.turns.runPendingTurns()
        try writer.flush()
        #expect(tracking.savedCount == 1)
        let again = restorer.restore(ReaderState.self, screen.key)
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
        let tracking = writer.persist(model, for: screen.key, turns: ReportingTurns(ran: ran))
        model.page = 2
        model.page = 3
        #expect(tracking.savedCount == 0)
        await turnsRan.next()
        #expect(tracking.savedCount == 1)
        try writer.flush()
        #expect(screen.stored(ReaderState.self) == ReaderState(page: 3, fontSize: 1.0))
    }
}
