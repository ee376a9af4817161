import Foundation

/// How hard the crash and concurrency tests push, from the environment.
///
/// `swift test` runs short variants; `RESTORECTL_LONG_TESTS=1` runs the long ones (what
/// `.ci/run` does, with bounded counts), and a count variable sets one test's size exactly.
/// `RESTORECTL_QUICK_TESTS=1` (what `.ci/run`'s sanitizer steps set) runs each loop a few
/// rounds: every code path is still reached, which is what a sanitizer checks; the counts that
/// only add repetitions stay in the plain and long runs and in `.ci/soak`.
enum StressSettings {
    static let environment = ProcessInfo.processInfo.environment

    /// Whether the long variants were asked for.
    static let isLong = environment["RESTORECTL_LONG_TESTS"] == "1"

    /// Whether the few-rounds variants were asked for (and not the long ones).
    static let isQuick = !isLong && environment["RESTORECTL_QUICK_TESTS"] == "1"

    /// Children killed during saves (`RESTORECTL_KILL_COUNT`).
    static let saveKills = count("RESTORECTL_KILL_COUNT", quick: 4, short: 20, long: 200)
    /// Children killed during a migration of a large database (`RESTORECTL_MIGRATION_KILL_COUNT`);
    /// the quick run keeps the four fixed kill points, one per phase.
    static let migrationKills = count("RESTORECTL_MIGRATION_KILL_COUNT", quick: 4, short: 4, long: 24)
    /// Records of the large database those migrations rewrite (`RESTORECTL_MIGRATION_RECORDS`):
    /// every size crosses the record rewrite's batch size (1,000) several times, and the kill
    /// points are drawn over all of its batches, so more records add time, not kill points.
    static let migrationRecords = count("RESTORECTL_MIGRATION_RECORDS", quick: 3_000, short: 10_000, long: 10_000)
    /// Saves per writer thread in the concurrent writer test (`RESTORECTL_WRITER_SAVES`).
    static let writerSaves = count("RESTORECTL_WRITER_SAVES", quick: 100, short: 500, long: 3_000)

    /// Rounds of processes opening or migrating one file together (`RESTORECTL_OPENING_ROUNDS`);
    /// each round's race window is a few milliseconds wide.
    static let openingRounds = count("RESTORECTL_OPENING_ROUNDS", quick: 2, short: 6, long: 30)

    /// The seed of this run's random choices (`RESTORECTL_TEST_SEED` repeats a run).
    static let seed: UInt64 = environment["RESTORECTL_TEST_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 0...UInt64.max)

    private static func count(_ name: String, quick: Int, short: Int, long: Int) -> Int {
        if let value = environment[name].flatMap({ Int($0) }), value > 0 { return value }
        return isLong ? long : isQuick ? quick : short
    }
}
