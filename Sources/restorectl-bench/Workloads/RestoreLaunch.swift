import CFaultInjection
import CSQLite
import Foundation
import ScreenKinds
import ScreenModels
import StateRestore
import StateStore

/// `restore-launch`: a cold open, read, decode, upgrade of a v1 record, reconciliation against
/// a 10,000-book document and the frame, repeated. Three variants run interleaved:
/// - engine storage: `Store` open + `record` + `RecordCodec<CatalogViewState>.decode` (comparable to raw);
/// - engine total: `StateRestorer` open + `restore` (crash-loop mark, upgrade, reconciliation)
///   + the window of rows the screen shows first (`restored.window()`) + `completeRestore` —
///   what an app's launch pays, timed phase by phase (``phases``); its `close` is a phase of
///   its own, not in the total (an app closes at quit or suspension, not at launch);
/// - raw, the `launch-raw-read` floor: the C API opening the same file with the same pragmas,
///   one SELECT by key and the same decode, with no mark; its close timed apart;
/// - floor: the raw twin on a minimal table in its own file (`FloorTwin`).
/// One more launch of the engine runs through a counting VFS, for `syncs_per_launch`.
enum RestoreLaunch {
    static func run(_ mode: BenchMode) throws -> WorkloadReport {
        let scratch = try Scratch("launch")
        let path = scratch.path("state.sqlite")
        let document = BenchData.document(books: 10_000)
        let key = try SceneKey(scene: "main")
        try BenchData.makeLaunchFile(at: path, for: key)
        let floorPath = scratch.path("floor.sqlite")
        try FloorTwin.makeDatabase(at: floorPath, holding: BenchData.formatOneRecord, for: key)

        var storage = Samples()
        var total = Samples()
        var raw = Samples()
        var floor = Samples()
        var phases: [String: Samples] = [:]
        var rawClose = Samples()
        var floorClose = Samples()
        var sink = 0
        for round in 0..<(mode.launchRepetitions + 5) {
            try runShuffled(
                round,
                [
                    {
                        // Engine, storage part.
                        let store = try storage.time { () throws -> Store in
                            let store = try Store(path: path, migrator: StateMigrations.makeMigrator())
                            let record = try store.record(account: key.account, scene: key.scene, kind: "catalog")
                            if case .decoded(let decoded, _, _) = RecordCodec<CatalogViewState>.decode(record?.payload ?? Data()) { sink &+= decoded.selectedID ?? 0 }
                            return store
                        }
                        store.close()
                    },
                    {
                        // Engine, the whole restore, phase by phase.
                        let marks = Locked<[(String, ContinuousClock.Instant)]>([])
                        let start = ContinuousClock.now
                        let restorer = StateRestorer(path: path, scheduler: DispatchWriteScheduler()) { phase in marks.withLock { $0.append((phase.rawValue, .now)) } }
                        marks.withLock { $0.append(("open", .now)) }
                        let restored = restorer.restore(CatalogViewState.self, key, against: document)
                        let window = restored.window()
                        marks.withLock { $0.append(("project", .now)) }
                        guard restored.reports(.recordUpgraded), restorer.completeRestore(restored) else {
                            throw RawConnection.Failure(description: "unexpected restore: \(restored.report)")
                        }
                        marks.withLock { $0.append(("complete", .now)) }
                        total.append(ContinuousClock.now - start)
                        var previous = start
                        for (phase, instant) in marks.withLock({ $0 }) {
                            phases[phase, default: Samples()].append(instant - previous)
                            previous = instant
                        }
                        sink &+= window.rows.count
                        try phases["close", default: Samples()].time { try restorer.close() }
                    },
                    {
                        // Raw twin: the launch-raw-read floor.
                        let connection = try raw.time { try rawLaunch(path, select: Store.recordSQL, payloadColumn: 2, key: key, sink: &sink) }
                        rawClose.time { connection.close() }
                    },
                    {
                        // Floor twin.
                        let connection = try floor.time { try rawLaunch(floorPath, select: FloorTwin.selectSQL, payloadColumn: 1, key: key, sink: &sink) }
                        floorClose.time { connection.close() }
                    },
                ])
        }
        precondition(sink != 0)
        // The first runs warm caches and the embedded-migration parse; drop them.
        var report = WorkloadReport(
            name: "restore-launch", unit: "one cold open + restore of one scene",
            engine: storage.droppingFirst(5), raw: raw.droppingFirst(5), floor: floor.droppingFirst(5), total: total.droppingFirst(5)
        )
        report.phases = phaseOrder.compactMap { name in phases[name].map { (name, $0.droppingFirst(5)) } }
        let syncs = try syncsPerLaunch(path, key: key, document: document)
        let phaseMedian = { (name: String) in phases[name]?.droppingFirst(5).median ?? .nan }
        let engineClose = phaseMedian("close")
        let reconcileAndProject = phaseMedian("reconcile") + phaseMedian("project")
        let rawRead = raw.droppingFirst(5).median
        let rawReadClose = rawClose.droppingFirst(5).median
        let totalMedian = total.droppingFirst(5).median
        report.extra = [
            "syncs_per_launch": .integer(Int64(syncs)),
            "launch_raw_read_p50_ms": .double(rawRead),
            "launch_raw_read_close_p50_ms": .double(rawReadClose),
            "floor_close_p50_ms": .double(floorClose.droppingFirst(5).median),
            "engine_close_p50_ms": .double(engineClose),
            "launch_ratio": .double(totalMedian / rawRead),
            "close_ratio": .double(engineClose / rawReadClose),
        ]
        report.targets = [
            .init(
                description: "whole restore without close within 1.25x of launch-raw-read without close (got \(String(format: "%.2f", totalMedian / rawRead))x)",
                isMet: totalMedian / rawRead <= 1.25),
            .init(description: "close within 1.2x of launch-raw-read's close (got \(String(format: "%.2f", engineClose / rawReadClose))x)", isMet: engineClose / rawReadClose <= 1.2),
            .init(description: "syncs per launch in .crashSafe = 0 (got \(syncs))", isMet: syncs == 0),
            .init(description: "whole restore median <= 1 ms with 10,000 books (got \(WorkloadReport.format(totalMedian)) ms)", isMet: totalMedian <= 1),
            .init(description: "whole restore within 1.6x of its storage part (got \(String(format: "%.2f", totalMedian / report.engine.median))x)", isMet: totalMedian / report.engine.median <= 1.6),
            .init(description: "reconcile + project with 10,000 books <= 0.1 ms (got \(WorkloadReport.format(reconcileAndProject)) ms)", isMet: reconcileAndProject <= 0.1),
        ]
        return report
    }

    /// The `fsync`s of one whole launch (open, restore, complete, close) of the engine, counted
    /// by a VFS that passes every operation through (the guard file is written without any).
    private static func syncsPerLaunch(_ path: String, key: SceneKey, document: CatalogDocument) throws -> Int {
        guard fault_vfs_register() == SQLITE_OK else { throw RawConnection.Failure(description: "the counting VFS did not register") }
        var configuration = DatabaseConfiguration()
        configuration.vfsName = FAULT_VFS_NAME
        fault_vfs_reset_counts()
        let restorer = StateRestorer(path: path, configuration: configuration)
        let restored = restorer.restore(CatalogViewState.self, key, against: document)
        guard restored.reports(.recordUpgraded), restorer.completeRestore(restored) else {
            throw RawConnection.Failure(description: "unexpected counted restore: \(restored.report)")
        }
        try restorer.close()
        return Int(fault_vfs_operation_count(UInt32(FAULT_VFS_SYNC)))
    }

    /// A raw or floor twin's launch: open with the raw header checks, select the scene's record
    /// and decode it. The connection is returned open, so its closing is not timed.
    private static func rawLaunch(_ path: String, select sql: String, payloadColumn: Int32, key: SceneKey, sink: inout Int) throws -> RawConnection {
        let connection = try RawConnection(path: path)
        let select = try connection.prepare(sql)
        defer { sqlite3_finalize(select) }
        RawConnection.bind(select, 1, key.account)
        RawConnection.bind(select, 2, key.scene)
        RawConnection.bind(select, 3, CatalogViewState.kind)
        guard sqlite3_step(select) == SQLITE_ROW else { throw RawConnection.Failure(description: "no row in \(path)") }
        let decoding = RawConnection.withColumnBytes(select, payloadColumn) { RecordCodec<CatalogViewState>.decode($0) }
        if case .decoded(let decoded, _, _) = decoding { sink &+= decoded.selectedID ?? 0 }
        return connection
    }

    /// The phases of the whole restore, in order: `open` (`StateRestorer` init), `read` (the
    /// crash-loop check and the record), `decode` (with the upgrade), `mark`, `reconcile`,
    /// `project` (the first window of rows), `complete` (the mark cleared), and `close`, which
    /// is not part of the total.
    static let phaseOrder = ["open", "read", "decode", "mark", "reconcile", "project", "complete", "close"]
}
