import Foundation
import JSON
import ScreenKinds
import ScreenModels
import StateRestore
import StateStore

/// `history`: save-single for a kind that keeps its last five records against the same kind
/// keeping none. Each round saves a different state through `StateRestorer.save` (one
/// transaction): with depth 5 that also copies the replaced record into its history, trims the
/// sixth-oldest entry with `secure_delete` on and stamps the build; with depth 0 it stamps the
/// build only. Engine is depth 5; `depth0_*` the same save without history.
enum HistoryWorkload {
    /// The catalog state as a kind that keeps five earlier records.
    struct Kept: RestorableState {
        static let kind = "bench-history"
        static let currentVersion = 1
        static let defaultValue = Kept(state: CatalogViewState())
        static let historyDepth = 5
        var state: CatalogViewState
    }

    /// The same kind keeping none.
    struct Plain: RestorableState {
        static let kind = "bench-plain"
        static let currentVersion = 1
        static let defaultValue = Plain(state: CatalogViewState())
        var state: CatalogViewState
    }

    static func run(_ mode: BenchMode) throws -> WorkloadReport {
        let scratch = try Scratch("history")
        let key = try SceneKey(scene: "main")
        var configuration = DatabaseConfiguration()
        configuration.appBuild = "1.4.2 (812)"
        let kept = StateRestorer(path: scratch.path("kept.sqlite"), configuration: configuration)
        let plain = StateRestorer(path: scratch.path("plain.sqlite"), configuration: configuration)
        var depth5 = Samples()
        var depth0 = Samples()
        for step in 0..<mode.singleSaves {
            let state = BenchData.state(step)
            try runShuffled(
                step,
                [
                    { try depth5.time { try kept.save(Kept(state: state), for: key) } },
                    { try depth0.time { try plain.save(Plain(state: state), for: key) } },
                ])
        }
        try kept.close()
        try plain.close()
        var report = WorkloadReport(name: "history", unit: "one save of one scene keeping its last 5 records (depth 0 alongside)", engine: depth5)
        report.extra = [
            "depth0_p50_ms": .double(depth0.median),
            "depth0_p99_ms": .double(depth0.p99),
            "depth5_over_depth0": .double(depth5.median / depth0.median),
        ]
        return report
    }
}
