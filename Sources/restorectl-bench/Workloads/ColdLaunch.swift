import CSQLite
import Foundation
import ScreenKinds
import ScreenModels
import StateRestore
import StateStore

/// `cold-launch`: what a restore costs a freshly started process, first-use costs included
/// (libraries' lazy set-up, the embedded migrations' parse, the first statements prepared).
///
/// This bench binary is started again N times in each of three child modes, interleaved, and
/// each start is timed from spawn to exit:
/// - `engine`: `StateRestorer` open, restore of one scene of the notes kind (a kind defined
///   through the public API, as an app defines its own) against its notes, complete, close;
/// - `twin`: the C API opening the same file read-only, one SELECT by key, `JSONDecoder`;
/// - `empty`: the same binary, so the same libraries loaded, doing nothing.
/// Each one's cost is its median over the empty process's median; the target compares the
/// engine's cost with the twin's.
enum ColdLaunch {
    /// The issue's target: the engine's cost over an empty process within this of the twin's.
    static let costRatioLimit = 1.25

    static let notes = (1...50).map { Note(id: $0, title: "Note \($0)") }
    static let state = NotesState(query: "groceries", selectedNoteID: 42)

    static func run(_ mode: BenchMode) throws -> WorkloadReport {
        let scratch = try Scratch("cold-launch")
        let path = scratch.path("state.sqlite")
        let key = try SceneKey(scene: "main")
        do {
            let store = try Store(path: path, migrator: StateMigrations.makeMigrator())
            let payload = try RecordCodec<NotesState>.encode(state)
            try store.saveRecord(payload, version: NotesState.currentVersion, account: key.account, scene: key.scene, kind: NotesState.kind)
            store.close()
        }
        let launches = mode.coldLaunches
        var samples: [String: Samples] = [:]
        let modes = ["engine", "twin", "empty"]
        for round in 0..<(launches + 3) {
            try runShuffled(
                round,
                modes.map { child in
                    { samples[child, default: Samples()].append(try ChildProcess.timedLaunch(["__cold-launch", child, path])) }
                })
        }
        // The first starts warm the page cache for the binary and its libraries; drop them.
        let engine = samples["engine", default: Samples()].droppingFirst(3)
        let twin = samples["twin", default: Samples()].droppingFirst(3)
        let empty = samples["empty", default: Samples()].droppingFirst(3)
        let engineCost = engine.median - empty.median
        let twinCost = twin.median - empty.median
        let costRatio = engineCost / twinCost
        var report = WorkloadReport(name: "cold-launch", unit: "one process start: open, restore one scene, complete, close", engine: engine, raw: twin)
        // The twin's whole-process time is no target; its cost over the empty process is.
        report.rawIsOnlyAReference = true
        report.extra = [
            "launches": .integer(Int64(launches)),
            "empty_p50_ms": .double(empty.median),
            "engine_cost_ms": .double(engineCost),
            "twin_cost_ms": .double(twinCost),
            "cost_ratio": .double(costRatio),
        ]
        report.targets = [
            .init(
                description:
                    "engine's cost over an empty process within \(costRatioLimit)x of the raw twin's (got \(WorkloadReport.format(engineCost)) vs \(WorkloadReport.format(twinCost)) ms, \(String(format: "%.2f", costRatio))x)",
                isMet: costRatio <= costRatioLimit)
        ]
        return report
    }

    /// Child: one launch's work in `mode` against the database at `path`; throws when the
    /// restore did not read the record.
    static func child(_ mode: String, path: String) throws {
        let key = try SceneKey(scene: "main")
        switch mode {
        case "engine":
            let restorer = StateRestorer(path: path)
            let restored = restorer.restore(NotesState.self, key, against: notes)
            guard restored.state == state, restorer.completeRestore(restored) else {
                throw RawConnection.Failure(description: "cold-launch: unexpected restore: \(restored.report)")
            }
            try restorer.close()
        case "twin":
            var handle: OpaquePointer?
            guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK, let handle else {
                throw RawConnection.Failure(description: "cold-launch: cannot open \(path)")
            }
            defer { sqlite3_close_v2(handle) }
            var select: OpaquePointer?
            guard sqlite3_prepare_v2(handle, Store.recordSQL, -1, &select, nil) == SQLITE_OK, let select else {
                throw RawConnection.Failure(description: "cold-launch: \(String(cString: sqlite3_errmsg(handle)))")
            }
            defer { sqlite3_finalize(select) }
            RawConnection.bind(select, 1, key.account)
            RawConnection.bind(select, 2, key.scene)
            RawConnection.bind(select, 3, NotesState.kind)
            guard sqlite3_step(select) == SQLITE_ROW else { throw RawConnection.Failure(description: "cold-launch: no row in \(path)") }
            let payload = RawConnection.withColumnBytes(select, 2) { Data($0) }
            guard try JSONDecoder().decode(NotesState.self, from: payload) == state else {
                throw RawConnection.Failure(description: "cold-launch: the twin read another state")
            }
        case "empty":
            break
        default:
            throw RawConnection.Failure(description: "cold-launch: unknown mode \(mode)")
        }
    }
}
