/// How big and how repeated each workload is: `--quick` for CI (under a minute on two cores),
/// the default for the README's table.
struct BenchMode {
    var isQuick: Bool
    var launchRepetitions: Int
    var singleSaves: Int
    var flushRepetitions: Int
    var shelfSizes: [Int]
    var shelfRepetitions: Int
    var migrateSizes: [Int]
    var manyScenesRepetitions: Int
    /// Timed batches of each kind's record decode (`decode`).
    var decodeRounds: Int
    /// Process starts of each child mode (`cold-launch`).
    var coldLaunches: Int

    static let full = BenchMode(
        isQuick: false, launchRepetitions: 1_000, singleSaves: 10_000, flushRepetitions: 500,
        shelfSizes: [10_000, 100_000], shelfRepetitions: 10, migrateSizes: [10_000, 100_000, 1_000_000],
        manyScenesRepetitions: 10, decodeRounds: 300, coldLaunches: 200
    )
    static let quick = BenchMode(
        isQuick: true, launchRepetitions: 200, singleSaves: 2_000, flushRepetitions: 100,
        shelfSizes: [10_000, 100_000], shelfRepetitions: 3, migrateSizes: [10_000, 100_000],
        manyScenesRepetitions: 3, decodeRounds: 60, coldLaunches: 40
    )

    var name: String { isQuick ? "quick" : "full" }
}
