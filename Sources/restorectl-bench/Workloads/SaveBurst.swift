import Foundation
import ScreenKinds
import StateRestore
import StateStore

/// `save-burst`: 1,000 changes to one scene spread over two seconds (a user typing) through a
/// `CoalescingWriter` with its default one-second window, then `flush()`. Reports how many
/// write transactions reached SQLite. The latency of `flush()` is then sampled over many
/// "one change, then flush" rounds against the raw and floor twins' one-record transaction.
enum SaveBurst {
    static let changes = 1_000
    static let spread: Duration = .seconds(2)

    static func run(_ mode: BenchMode) throws -> WorkloadReport {
        let scratch = try Scratch("save-burst")
        let key = try SceneKey(scene: "main")
        let writer = try CoalescingWriter(path: scratch.path("engine.sqlite"))

        let start = ContinuousClock.now
        for change in 0..<changes {
            writer.save(BenchData.state(change), for: key)
            // Pace the changes evenly across the spread, like keystrokes.
            let due = start + spread * (Double(change + 1) / Double(changes))
            let now = ContinuousClock.now
            if due > now { Thread.sleep(forTimeInterval: (due - now).inSeconds) }
        }
        var burstFlush = Samples()
        try burstFlush.time { try writer.flush() }
        let writes = writer.writesCommitted
        let elapsed = ContinuousClock.now - start

        _ = StateRestorer(path: scratch.path("raw.sqlite"))
        let rawSaver = try RawRecordSaver(RawConnection(path: scratch.path("raw.sqlite")))
        let floorSaver = try FloorRecordSaver(path: scratch.path("floor.sqlite"))

        var flush = Samples()
        var raw = Samples()
        var floor = Samples()
        for round in 0..<mode.flushRepetitions {
            let state = BenchData.state(changes + round)
            try runShuffled(
                round,
                [
                    {
                        writer.save(state, for: key)
                        try flush.time { try writer.flush() }
                    },
                    { try raw.time { try rawSaver.save(BenchData.payload(state), for: key) } },
                    { try floor.time { try floorSaver.save(BenchData.payload(state), for: key) } },
                ])
        }
        try writer.close()
        var report = WorkloadReport(
            name: "save-burst", unit: "flush() of one pending change", engine: flush, raw: raw, floor: floor
        )
        report.extra = [
            "changes": .integer(Int64(changes)),
            "burst_seconds": .double(elapsed.inSeconds),
            "writes_to_sqlite": .integer(Int64(writes)),
            "burst_flush_ms": .double(burstFlush.median),
        ]
        report.targets = [
            .init(description: "at most 3 writes reach SQLite for 1,000 changes (got \(writes))", isMet: writes <= 3),
            .init(description: "flush() median <= 2 ms", isMet: flush.median <= 2),
        ]
        return report
    }
}
