import Foundation

/// How many sequences the model-based test runs, read from the environment:
/// `RESTORECTL_MODEL_SEQUENCES` random ones (default 10, 3 with `RESTORECTL_QUICK_TESTS=1`) from
/// `RESTORECTL_MODEL_SEED` (default: the wall clock, printed), after the fixed seeds
/// 1…`RESTORECTL_MODEL_FIXED` (default 20, 9 quick),
/// each `RESTORECTL_MODEL_LENGTH` operations long (default 40), starting no new sequence after
/// `RESTORECTL_MODEL_SECONDS` (default: no limit). The defaults take a few seconds, for the
/// plain `swift test` and the sanitizer runs; `.ci/run` and `.ci/soak` ask for more.
struct ModelSettings {
    var fixedSeeds: [UInt64]
    var randomCount: Int
    var baseSeed: UInt64
    var length: Int
    var seconds: Double?

    static func fromEnvironment() -> ModelSettings {
        let environment = ProcessInfo.processInfo.environment
        let number = { (name: String) in environment[name].flatMap { UInt64($0) } }
        // The sanitizer runs (RESTORECTL_QUICK_TESTS=1) check the code that runs, not how often.
        let isQuick = environment["RESTORECTL_QUICK_TESTS"] == "1"
        let fixed = number("RESTORECTL_MODEL_FIXED") ?? (isQuick ? 9 : 20)
        return ModelSettings(
            fixedSeeds: fixed == 0 ? [] : Array(1...fixed),
            randomCount: Int(number("RESTORECTL_MODEL_SEQUENCES") ?? (isQuick ? 3 : 10)),
            baseSeed: number("RESTORECTL_MODEL_SEED") ?? UInt64(Date().timeIntervalSince1970 * 1_000),
            length: Int(number("RESTORECTL_MODEL_LENGTH") ?? 40),
            seconds: number("RESTORECTL_MODEL_SECONDS").map { Double($0) }
        )
    }

    /// Whether the sequence of `seed` has storage faults: one in three (a file system filled
    /// up, a file held busy by another process, a file damaged in place).
    func hasFaults(_ seed: UInt64) -> Bool { seed % 3 == 0 }

    /// Every sequence's seed: the fixed ones, then the random ones.
    var seeds: [UInt64] { fixedSeeds + (0..<UInt64(randomCount)).map { baseSeed &+ $0 &* 0x1_0000_0001 } }
}
