import Foundation
import ScreenKinds
import StateRestore
import StateStore

/// `save-single`: one scene's record saved in its own transaction, over and over, each save a
/// different state. Each round runs the engine (`StateRestorer.save`: encode + upsert in its
/// own transaction), the raw twin (same encode, `BEGIN IMMEDIATE` + the same upsert + `COMMIT`
/// through the C API), the floor twin (the same on a minimal table), the engine again with
/// `.powerSafe` durability (a synced commit, the promise the alternatives make), a JSON file
/// written atomically, `UserDefaults` + `synchronize()`, and the contract twin (the raw twin's
/// save and the moved-file `stat` the engine's write transaction makes: `ContractCalls`; no
/// target, `contract_ratio` says how much of the ratio to raw that contract is here).
enum SaveSingle {
    static func run(_ mode: BenchMode) throws -> WorkloadReport {
        let scratch = try Scratch("save-single")
        let key = try SceneKey(scene: "main")
        // Every file is made (and migrated) by a restorer of its own first, then opened again,
        // as an app's launches after its first open it, and as the twins open theirs: a
        // connection that ran a migration keeps SQLite's temp database open (0004's `ALTER
        // TABLE … RENAME` opens it), and each of its write transactions begins and commits
        // that one too (about 0.9 k instructions a save).
        for name in ["engine.sqlite", "raw.sqlite", "contract.sqlite", "engine-power-safe.sqlite"] { try StateRestorer(path: scratch.path(name)).close() }
        let restorer = StateRestorer(path: scratch.path("engine.sqlite"))
        guard restorer.withStore({ store, _ in store != nil }) else { throw RawConnection.Failure(description: "engine database unusable") }
        let rawSaver = try RawRecordSaver(RawConnection(path: scratch.path("raw.sqlite")))
        let floorSaver = try FloorRecordSaver(path: scratch.path("floor.sqlite"))
        let contractSaver = try RawRecordSaver(RawConnection(path: scratch.path("contract.sqlite")))
        let contractCalls = try ContractCalls(databasePath: scratch.path("contract.sqlite"))
        var powerSafe = DatabaseConfiguration()
        powerSafe.durability = .powerSafe
        let powerSafeRestorer = StateRestorer(path: scratch.path("engine-power-safe.sqlite"), configuration: powerSafe)
        guard powerSafeRestorer.withStore({ store, _ in store != nil }) else { throw RawConnection.Failure(description: "power-safe engine database unusable") }
        let files = try JSONFileStore(folder: scratch.path("json"))
        let defaults = try DefaultsStore(suite: "restorectl-bench-save-single")

        var engine = Samples()
        var raw = Samples()
        var floor = Samples()
        var contract = Samples()
        var enginePowerSafe = Samples()
        var json = Samples()
        var userDefaults = Samples()
        for step in 0..<mode.singleSaves {
            let state = BenchData.state(step)
            try runShuffled(
                step,
                [
                    { try engine.time { try restorer.save(state, for: key) } },
                    { try raw.time { try rawSaver.save(BenchData.payload(state), for: key) } },
                    { try floor.time { try floorSaver.save(BenchData.payload(state), for: key) } },
                    {
                        try contract.time {
                            try contractCalls.checkNotMoved()
                            try contractSaver.save(BenchData.payload(state), for: key)
                        }
                    },
                    { try enginePowerSafe.time { try powerSafeRestorer.save(state, for: key) } },
                    { try json.time { try files.save(BenchData.payload(state), account: key.account, scene: key.scene) } },
                    { userDefaults.time { defaults.save(BenchData.payload(state), account: key.account, scene: key.scene) } },
                ])
        }
        try restorer.close()
        try powerSafeRestorer.close()
        var report = WorkloadReport(
            name: "save-single", unit: "one save of one scene in its own transaction",
            engine: engine, raw: raw, floor: floor, alternatives: [("json-file", json), ("user-defaults", userDefaults)]
        )
        report.extra = [
            "engine_power_safe_p50_ms": .double(enginePowerSafe.median),
            "engine_power_safe_p99_ms": .double(enginePowerSafe.p99),
            "contract_p50_ms": .double(contract.median),
            "contract_ratio": .double(engine.median / contract.median),
        ]
        let floorRatio = report.floorRatio ?? .nan
        report.targets = [
            .init(description: "within \(WorkloadReport.floorRatioLimit)x of the floor (got \(String(format: "%.2f", floorRatio))x)", isMet: floorRatio <= WorkloadReport.floorRatioLimit)
        ]
        return report
    }
}
