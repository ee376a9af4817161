import Foundation
import Observation
import ScreenKinds
import ScreenModels
import StateRestore
import StateRestoreTesting

/// `autosave`: 1,000 changes to an observed screen saved by `CoalescingWriter.persist`, against
/// the same 1,000 changes each followed by a hand-written `writer.save` (the raw column), and
/// against the `observation-floor`: each change re-arming a bare `withObservationTracking` and
/// hopping to the main actor once (the same turn scheduler) before a hand `writer.save`, which
/// every Observation-based autosave pays, SwiftUI's included (the floor column). One
/// sample is a round of 1,000 changes, each in its own main-actor turn (the worst case: every
/// change is read and handed to the writer). The writes of the first round, windows of one
/// second and a closing `flush()`, are counted; timed rounds flush after the clock stops.
enum Autosave {
    static let changes = 1_000

    /// A screen model whose whole restorable state is one observed property.
    @MainActor
    @Observable
    final class Screen: PersistableScreenModel {
        var viewState = CatalogViewState()
        var restorableState: CatalogViewState { viewState }
    }

    /// The observation floor: a bare `withObservationTracking` re-armed in the main-actor turn
    /// after each change, which then hands the state to the writer by hand.
    @MainActor
    final class BareObservation {
        let screen: Screen
        let writer: CoalescingWriter
        let key: SceneKey
        let turns: ManualTurnScheduler

        init(screen: Screen, writer: CoalescingWriter, key: SceneKey, turns: ManualTurnScheduler) {
            (self.screen, self.writer, self.key, self.turns) = (screen, writer, key, turns)
            arm()
        }

        func arm() {
            withObservationTracking {
                _ = screen.viewState
            } onChange: { [turns] in
                turns.scheduleTurn { [weak self] in self?.changed() }
            }
        }

        private func changed() {
            arm()
            writer.save(screen.viewState, for: key)
        }
    }

    static func run(_ mode: BenchMode) throws -> WorkloadReport {
        // The bench runs on the main thread, which is the main actor's.
        try MainActor.assumeIsolated { try measure(mode) }
    }

    @MainActor
    private static func measure(_ mode: BenchMode) throws -> WorkloadReport {
        let scratch = try Scratch("autosave")
        let key = try SceneKey(scene: "main")
        let states = (0..<changes).map(BenchData.state)
        let turns = ManualTurnScheduler()

        // Writes counted with the default scheduler and window.
        let counted = try CoalescingWriter(path: scratch.path("counted.sqlite"))
        let countedScreen = Screen()
        let countedTracking = counted.persist(countedScreen, for: key, turns: turns)
        for state in states {
            countedScreen.viewState = state
            turns.runPendingTurns()
        }
        let writesBeforeFlush = counted.writesCommitted
        try counted.flush()
        let writes = counted.writesCommitted
        countedTracking.cancel()
        try counted.close()

        let observedWriter = try CoalescingWriter(path: scratch.path("observed.sqlite"), scheduler: ManualWriteScheduler())
        let manualWriter = try CoalescingWriter(path: scratch.path("manual.sqlite"), scheduler: ManualWriteScheduler())
        let floorWriter = try CoalescingWriter(path: scratch.path("floor.sqlite"), scheduler: ManualWriteScheduler())
        let observed = Screen()
        let manual = Screen()
        let bare = BareObservation(screen: Screen(), writer: floorWriter, key: key, turns: turns)
        let tracking = observedWriter.persist(observed, for: key, turns: turns)
        var engine = Samples()
        var byHand = Samples()
        var floor = Samples()
        let rounds = mode.flushRepetitions + 5
        for round in 0..<rounds {
            // A round's first state differs from the last round's last one.
            let offset = round % 2
            try runShuffled(
                round,
                [
                    {
                        engine.time {
                            for index in 0..<changes {
                                observed.viewState = states[(index + offset) % changes]
                                turns.runPendingTurns()
                            }
                        }
                        try observedWriter.flush()
                    },
                    {
                        byHand.time {
                            for index in 0..<changes {
                                manual.viewState = states[(index + offset) % changes]
                                manualWriter.save(manual.viewState, for: key)
                            }
                        }
                        try manualWriter.flush()
                    },
                    {
                        floor.time {
                            for index in 0..<changes {
                                bare.screen.viewState = states[(index + offset) % changes]
                                turns.runPendingTurns()
                            }
                        }
                        try floorWriter.flush()
                    },
                ])
        }
        tracking.cancel()
        try observedWriter.close()
        try manualWriter.close()
        try floorWriter.close()

        var report = WorkloadReport(
            name: "autosave", unit: "1,000 changes, each saved (observed vs writer.save by hand vs the observation floor)",
            engine: engine.droppingFirst(5), raw: byHand.droppingFirst(5), floor: floor.droppingFirst(5)
        )
        let perChange = { (samples: Samples) in samples.median * 1_000 / Double(changes) }
        report.rawIsOnlyAReference = true  // the hand save is not what an autosave can cost
        report.extra = [
            "changes": .integer(Int64(changes)),
            "writes_before_flush": .integer(Int64(writesBeforeFlush)),
            "observed_writes_to_sqlite": .integer(Int64(writes)),
            "observed_us_per_change": .double(perChange(report.engine)),
            "by_hand_us_per_change": .double(perChange(byHand.droppingFirst(5))),
            "overhead_us_per_change": .double(perChange(report.engine) - perChange(byHand.droppingFirst(5))),
            "observation_floor_us_per_change": .double(perChange(floor.droppingFirst(5))),
        ]
        let floorRatio = report.floorRatio ?? .nan
        report.targets = [
            .init(description: "at most 3 writes reach SQLite for 1,000 observed changes (got \(writes))", isMet: writes <= 3),
            .init(description: "per-change cost within 1.3x of the observation floor (got \(String(format: "%.2f", floorRatio))x)", isMet: floorRatio <= 1.3),
        ]
        return report
    }
}
