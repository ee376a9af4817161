/// How big and how repeated each workload is: the default for the README's table, `--quick` for
/// a look on a quiet machine (under a minute on two cores), `--smoke` for CI's debug build.
struct BenchMode {
    /// `full`, `quick` or `smoke`: what the report says it ran.
    var name: String
    var launchRepetitions: Int
    var singleSaves: Int
    var flushRepetitions: Int
    var shelfRepetitions: Int
    var migrateSizes: [Int]
    var manyScenesRepetitions: Int
    /// Timed batches of each kind's record decode (`decode`).
    var decodeRounds: Int
    /// Process starts of each child mode (`cold-launch`).
    var coldLaunches: Int

    static let full = BenchMode(
        name: "full", launchRepetitions: 1_000, singleSaves: 10_000, flushRepetitions: 500,
        shelfRepetitions: 10, migrateSizes: [10_000, 100_000, 1_000_000],
        manyScenesRepetitions: 10, decodeRounds: 300, coldLaunches: 200
    )
    static let quick = BenchMode(
        name: "quick", launchRepetitions: 200, singleSaves: 2_000, flushRepetitions: 100,
        shelfRepetitions: 3, migrateSizes: [10_000, 100_000],
        manyScenesRepetitions: 3, decodeRounds: 60, coldLaunches: 40
    )

    /// Every workload at the quick sizes (the 100,000-row snapshot and migration included), timed
    /// the fewest times its report needs once the warm-up samples are dropped: CI runs it on the
    /// debug build, to check that each workload runs and reports, not what it measures.
    static let smoke = BenchMode(
        name: "smoke", launchRepetitions: 7, singleSaves: 20, flushRepetitions: 7,
        shelfRepetitions: 1, migrateSizes: [10_000, 100_000],
        manyScenesRepetitions: 1, decodeRounds: 7, coldLaunches: 5
    )

    /// Whether the runs are reduced (`quick` and `smoke`): fewer repetitions, smaller sizes.
    var isQuick: Bool { name != "full" }

    /// The flag that names this mode to a workload's child process.
    var flags: [String] { isQuick ? ["--\(name)"] : [] }
}

extension BenchMode {
    /// The mode a command line's flag names (`--quick`, `--smoke`), full when neither.
    init(arguments: [String]) {
        self = arguments.contains("--smoke") ? .smoke : arguments.contains("--quick") ? .quick : .full
    }
}
