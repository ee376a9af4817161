import Foundation

/// How many sequences the model-based test runs, read from the environment:
/// `RESTORECTL_MODEL_SEQUENCES` random ones (default 10, 3 with `RESTORECTL_QUICK_TESTS=1`) from
/// `RESTORECTL_MODEL_SEED` (default: the wall clock, printed), after the fixed seeds
/// 1…`RESTORECTL_MODEL_FIXED` (default 20, 9 quick),
/// each `RESTORECTL_MODEL_LENGTH` operations long (default 40), starting no new sequence after
/// `RESTORECTL_MODEL_SECONDS` (default: no limit). The defaults take a few seconds, for the
/// plain `swift test` and the sanitizer runs; `.ci/run` and `.ci/soak` ask for more.
/// `RESTORECTL_MODEL_SHARD=K/N` runs only every Nth of those seeds from the Kth (counting from
/// 0), so N processes run one list side by side, sharing the cores (`.ci/run` and `.ci/soak` run three).
struct ModelSettings {
    var fixedSeeds: [UInt64]
    var randomCount: Int
    var baseSeed: UInt64
    var length: Int
    var seconds: Double?
    /// This process's share of the seeds: those at `shard`, `shard + shardCount`, ….
    var shard = 0
    var shardCount = 1

    static func fromEnvironment() -> ModelSettings {
        let environment = ProcessInfo.processInfo.environment
        let number = { (name: String) in environment[name].flatMap { UInt64($0) } }
        // The sanitizer runs (RESTORECTL_QUICK_TESTS=1) check the code that runs, not how often.
        let isQuick = environment["RESTORECTL_QUICK_TESTS"] == "1"
        let fixed = number("RESTORECTL_MODEL_FIXED") ?? (isQuick ? 9 : 20)
        let shard = environment["RESTORECTL_MODEL_SHARD"].map { $0.split(separator: "/").compactMap { Int($0) } }
        if let shard { precondition(shard.count == 2 && (0..<shard[1]).contains(shard[0]), "RESTORECTL_MODEL_SHARD is K/N with 0 <= K < N") }
        return ModelSettings(
            fixedSeeds: fixed == 0 ? [] : Array(1...fixed),
            randomCount: Int(number("RESTORECTL_MODEL_SEQUENCES") ?? (isQuick ? 3 : 10)),
            baseSeed: number("RESTORECTL_MODEL_SEED") ?? UInt64(Date().timeIntervalSince1970 * 1_000),
            length: Int(number("RESTORECTL_MODEL_LENGTH") ?? 40),
            seconds: number("RESTORECTL_MODEL_SECONDS").map { Double($0) },
            shard: shard?[0] ?? 0,
            shardCount: shard?[1] ?? 1
        )
    }

    /// Whether the sequence of `seed` has storage faults: one in three (a file system filled
    /// up, a file held busy by another process, a file damaged in place).
    func hasFaults(_ seed: UInt64) -> Bool { seed % 3 == 0 }

    /// This process's sequences' seeds: of the fixed ones, then the random ones, its shard's.
    var seeds: [UInt64] {
        let all = fixedSeeds + (0..<UInt64(randomCount)).map { baseSeed &+ $0 &* 0x1_0000_0001 }
        return all.enumerated().filter { $0.offset % shardCount == shard }.map(\.element)
    }
}
