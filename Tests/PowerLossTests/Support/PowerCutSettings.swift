import Foundation
import StateStore
import TestSupport

/// Which cuts a run makes, from the environment.
///
/// `swift test` (and CI) cuts each workload × durability at the fixed seeds 1…13: 286 cuts
/// with five shipped migrations (11 workloads × 2 durabilities). `RESTORECTL_LONG_TESTS=1` cuts
/// each 64 times at seeds drawn from `RESTORECTL_TEST_SEED` (random when unset, printed), 1,408 cuts;
/// `RESTORECTL_POWER_CUTS` sets the cuts per workload and durability exactly.
/// `RESTORECTL_QUICK_TESTS=1` (the sanitizer steps of `.ci/run`) cuts each at seeds 1…3: every
/// workload and durability is still cut, torn and reopened, which is what a sanitizer checks.
enum PowerCutSettings {
    static let environment = ProcessInfo.processInfo.environment
    static let isLong = environment["RESTORECTL_LONG_TESTS"] == "1"
    static let isQuick = !isLong && environment["RESTORECTL_QUICK_TESTS"] == "1"

    static let cutsPerCase: Int = {
        if let value = environment["RESTORECTL_POWER_CUTS"].flatMap({ Int($0) }), value > 0 { return value }
        return isLong ? 64 : isQuick ? 3 : 13
    }()

    /// The seed the long run's seeds come from.
    static let baseSeed: UInt64 = environment["RESTORECTL_TEST_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 1...UInt64.max / 2)

    /// The seeds of one workload × durability: fixed in the short run, so CI is repeatable.
    static func seeds(for workload: PowerCutWorkload, _ durability: DatabaseConfiguration.Durability) -> [UInt64] {
        guard isLong || environment["RESTORECTL_TEST_SEED"] != nil else { return (1...UInt64(cutsPerCase)).map { $0 } }
        let salt = "\(workload) \(durability)".utf8.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
        var random = SeededGenerator(seed: baseSeed ^ salt)
        return (0..<cutsPerCase).map { _ in random.next() >> 1 }
    }

    /// Seeds that once failed, one "workload durability seed" per line, replayed on every run.
    static let regressionFile = PackageFolders.fixtures.appendingPathComponent("power-cuts/regressions.txt")
}
