import Foundation
import ScreenKinds
import ScreenModels
import StateRestore
import StateStore

/// `restore-launch-events`: restore-launch's whole restore (a `StateRestorer` open, the restore
/// of a v1 record with its upgrade and reconciliation against a 10,000-book document, the first
/// window of rows, `completeRestore`) with a `RestoreEventHandler` against the same without
/// one, interleaved. The handler does what an app's logger hook would do least: it keeps the
/// event (one restore event per launch, its scene and account hashed under a fixed key). Each
/// launch makes its handler, as an app's launch does, so no hash is reused from the launch
/// before. The restorer's close is not timed.
enum RestoreLaunchEvents {
    static func run(_ mode: BenchMode) throws -> WorkloadReport {
        let scratch = try Scratch("launch-events")
        let path = scratch.path("state.sqlite")
        let document = BenchData.document(books: 10_000)
        let key = try SceneKey(scene: "main")
        try BenchData.makeLaunchFile(at: path, for: key)
        let received = Locked([RestoreEvent]())
        let hashKey = Array("restorectl-bench".utf8)

        var withHandler = Samples()
        var without = Samples()
        var sink = 0
        let launch = { (withEvents: Bool, samples: inout Samples) throws in
            let restorer = try samples.time { () throws -> StateRestorer in
                let events = withEvents ? RestoreEventHandler(hashKey: hashKey) { event in received.withLock { $0.append(event) } } : nil
                let restorer = StateRestorer(path: path, events: events)
                let restored = restorer.restore(CatalogViewState.self, key, against: document)
                sink &+= restored.window().rows.count
                guard restored.reports(.recordUpgraded), restorer.completeRestore(restored) else {
                    throw RawConnection.Failure(description: "unexpected restore: \(restored.report)")
                }
                return restorer
            }
            try restorer.close()
        }
        for round in 0..<(mode.launchRepetitions + 5) {
            try runShuffled(round, [{ try launch(true, &withHandler) }, { try launch(false, &without) }])
        }
        precondition(sink != 0)
        let events = received.withLock { $0 }
        guard events.count == mode.launchRepetitions + 5, events.allSatisfy({ $0.restoreOutcome == .upgraded }) else {
            throw RawConnection.Failure(description: "unexpected events: \(events.prefix(3))")
        }
        // The first runs warm caches and the embedded-migration parse; drop them.
        let engine = withHandler.droppingFirst(5)
        let baseline = without.droppingFirst(5)
        let ratio = engine.median / baseline.median
        var report = WorkloadReport(
            name: "restore-launch-events", unit: "one cold open + restore of one scene, with an event handler", engine: engine)
        report.extra = [
            "without_handler_p50_ms": .double(baseline.median),
            "without_handler_p99_ms": .double(baseline.p99),
            "handler_ratio": .double(ratio),
            "events_per_launch": .integer(Int64(events.count / (mode.launchRepetitions + 5))),
        ]
        report.targets = [
            .init(description: "with a handler within 1.05x of without (got \(String(format: "%.3f", ratio))x)", isMet: ratio <= 1.05)
        ]
        return report
    }
}
