import CSQLite
import Foundation
import ScreenKinds
import ScreenModels
import StateRestore
import StateStore

/// `many-scenes`: 1,000 scenes over 10 accounts; save them all, then restore them all.
///
/// - engine: saves through a `CoalescingWriter` and one `flush()` (one transaction); restores
///   each scene with `StateRestorer.restore` + `completeRestore` (crash-loop mark included: a
///   write to the guard file, no SQL);
/// - raw: the same SQL through the C API — one transaction of upserts, then per scene the
///   statement a restore runs (the record's read);
/// - json-file: 1,000 atomic file writes, then 1,000 reads;
/// - user-defaults: 1,000 `set` and one `synchronize()`, then 1,000 reads;
/// - contract: raw's work plus the system calls the engine's contracts make (`ContractCalls`:
///   the moved-file `stat` in the write transaction and before each read, the guard's mark and
///   clear around each restore), no target: `contract_ratio` says how much of the ratio to raw
///   those contracts are on this machine.
/// Every variant decodes, reconciles and projects the same records against the same document.
/// The five run in a seeded shuffled order each round, as every workload's variants do: run in a
/// fixed order, the engine always followed the last round's `UserDefaults` and the raw twin the
/// engine.
enum ManyScenes {
    static let accounts = 10
    static let scenesPerAccount = 100

    static func run(_ mode: BenchMode) throws -> WorkloadReport {
        let scratch = try Scratch("many")
        let document = BenchData.document(books: 500)
        let keys = try (0..<accounts).flatMap { account in
            try (0..<scenesPerAccount).map { try SceneKey(scene: "scene-\($0)", account: "account-\(account)") }
        }
        var engine = Samples()
        var raw = Samples()
        var json = Samples()
        var userDefaults = Samples()
        var contract = Samples()
        var engineSave = Samples()
        var rawSave = Samples()
        var jsonSave = Samples()
        var defaultsSave = Samples()
        var contractSave = Samples()
        for round in 0..<(mode.manyScenesRepetitions + 1) {
            let states = keys.indices.map { BenchData.state($0 + round) }
            func project(_ decoding: RecordDecoding<CatalogViewState>) -> Int {
                guard case .decoded(let record, _, _) = decoding else { return -1 }
                let reconciled = record.reconciled(with: document).viewState
                return document.frame(for: reconciled).rows.count
            }

            // Each variant's rows, checked against the engine's once the round has run them all.
            var rows: [String: Int] = [:]
            try runShuffled(
                round,
                [
                    {
                        // Engine.
                        let enginePath = scratch.path("engine-\(round).sqlite")
                        let writer = try CoalescingWriter(path: enginePath)
                        let start = ContinuousClock.now
                        try engineSave.time {
                            for (key, state) in zip(keys, states) { writer.save(state, for: key) }
                            try writer.flush()
                        }
                        let restorer = StateRestorer(path: enginePath)
                        var engineRows = 0
                        for key in keys {
                            let restored = restorer.restore(CatalogViewState.self, key, against: document)
                            engineRows += restored.frame.rows.count
                            guard restorer.completeRestore(restored), !restored.reports(.noRecord) else { throw RawConnection.Failure(description: "engine restore failed") }
                        }
                        engine.append(ContinuousClock.now - start)
                        try restorer.close()
                        try writer.close()
                        rows["engine"] = engineRows
                    },
                    {
                        // Raw twin, on a file the engine made (and migrated) first, untimed.
                        _ = StateRestorer(path: scratch.path("raw-\(round).sqlite"))
                        let rawStart = ContinuousClock.now
                        rows["raw"] = try rawSaveAndRestore(path: scratch.path("raw-\(round).sqlite"), keys: keys, states: states, saves: &rawSave, project: project)
                        raw.append(ContinuousClock.now - rawStart)
                    },
                    {
                        // Contract twin: the raw twin's work and the contracts' system calls.
                        _ = StateRestorer(path: scratch.path("contract-\(round).sqlite"))
                        let contractStart = ContinuousClock.now
                        rows["contract"] = try rawSaveAndRestore(
                            path: scratch.path("contract-\(round).sqlite"), keys: keys, states: states, saves: &contractSave, makingContractCalls: true, project: project)
                        contract.append(ContinuousClock.now - contractStart)
                    },
                    {
                        // JSON files.
                        let files = try JSONFileStore(folder: scratch.path("json-\(round)"))
                        let jsonStart = ContinuousClock.now
                        try jsonSave.time {
                            for (key, state) in zip(keys, states) { try files.save(BenchData.payload(state), account: key.account, scene: key.scene) }
                        }
                        var jsonRows = 0
                        for key in keys { jsonRows += project(RecordCodec<CatalogViewState>.decode(try files.load(account: key.account, scene: key.scene))) }
                        json.append(ContinuousClock.now - jsonStart)
                        rows["json-file"] = jsonRows
                    },
                    {
                        // UserDefaults.
                        let defaults = try DefaultsStore(suite: "restorectl-bench-many-\(round)")
                        let defaultsStart = ContinuousClock.now
                        defaultsSave.time {
                            for (key, state) in zip(keys, states) { defaults.save(BenchData.payload(state), account: key.account, scene: key.scene, synchronizing: false) }
                            defaults.defaults.synchronize()
                        }
                        var defaultsRows = 0
                        for key in keys { defaultsRows += project(RecordCodec<CatalogViewState>.decode((defaults.load(account: key.account, scene: key.scene) ?? "").utf8)) }
                        userDefaults.append(ContinuousClock.now - defaultsStart)
                        rows["user-defaults"] = defaultsRows
                    },
                ])
            guard let engineRows = rows["engine"], rows.values.allSatisfy({ $0 == engineRows }) else {
                throw RawConnection.Failure(description: "the variants restored different rows: \(rows)")
            }
        }
        var report = WorkloadReport(
            name: "many-scenes", unit: "save all 1,000 scenes, then restore all",
            engine: engine.droppingFirst(1), raw: raw.droppingFirst(1),
            alternatives: [("json-file", json.droppingFirst(1)), ("user-defaults", userDefaults.droppingFirst(1))]
        )
        report.extra = [
            "scenes": .integer(Int64(keys.count)),
            "engine_save_p50_ms": .double(engineSave.droppingFirst(1).median),
            "raw_save_p50_ms": .double(rawSave.droppingFirst(1).median),
            "json_file_save_p50_ms": .double(jsonSave.droppingFirst(1).median),
            "user_defaults_save_p50_ms": .double(defaultsSave.droppingFirst(1).median),
            "contract_p50_ms": .double(contract.droppingFirst(1).median),
            "contract_save_p50_ms": .double(contractSave.droppingFirst(1).median),
            "contract_ratio": .double(engine.droppingFirst(1).median / contract.droppingFirst(1).median),
        ]
        return report
    }

    private static func rawSaveAndRestore(
        path: String, keys: [SceneKey], states: [CatalogViewState], saves: inout Samples, makingContractCalls: Bool = false,
        project: (RecordDecoding<CatalogViewState>) -> Int
    ) throws -> Int {
        let connection = try RawConnection(path: path)
        // The engine's crash-loop marks are not in the database (a pwrite to the guard file, no
        // SQL), so the raw twin restores with the record's read alone; the contract twin makes
        // them, and the moved-file checks, as system calls of its own.
        let contract = makingContractCalls ? try ContractCalls(databasePath: path) : nil
        let statements = try ["BEGIN IMMEDIATE", "COMMIT", Store.upsertRecordSQL, Store.recordSQL].map(connection.prepare)
        defer { statements.forEach { sqlite3_finalize($0) } }
        let (begin, commit, upsert, record) = (statements[0], statements[1], statements[2], statements[3])
        try saves.time {
            try connection.run(begin)
            try contract?.checkNotMoved()
            for (key, state) in zip(keys, states) {
                RawRecordSaver.bindUpsert(upsert, BenchData.payload(state), for: key)
                try connection.run(upsert)
            }
            try connection.run(commit)
        }
        var rows = 0
        for key in keys {
            try contract?.checkNotMoved()
            RawConnection.bind(record, 1, key.account)
            RawConnection.bind(record, 2, key.scene)
            RawConnection.bind(record, 3, CatalogViewState.kind)
            guard sqlite3_step(record) == SQLITE_ROW else { throw RawConnection.Failure(description: "no record") }
            try contract?.mark()
            let decoding = RawConnection.withColumnBytes(record, 2) { RecordCodec<CatalogViewState>.decode($0) }
            sqlite3_reset(record)
            rows += project(decoding)
            try contract?.clear()
        }
        return rows
    }
}
