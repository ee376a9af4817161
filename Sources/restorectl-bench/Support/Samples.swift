import Foundation

/// Timings of repeated runs of one operation, in milliseconds.
struct Samples {
    private(set) var milliseconds: [Double] = []

    mutating func append(_ duration: Duration) {
        milliseconds.append(duration.inMilliseconds)
    }

    /// Runs `body` and records how long it took.
    @discardableResult
    mutating func time<T>(_ body: () throws -> T) rethrows -> T {
        let start = ContinuousClock.now
        let result = try body()
        append(ContinuousClock.now - start)
        return result
    }

    /// The samples without the first `count` (warm-up) runs.
    func droppingFirst(_ count: Int) -> Samples {
        var copy = Samples()
        copy.milliseconds = Array(milliseconds.dropFirst(count))
        return copy
    }

    var count: Int { milliseconds.count }
    var median: Double { percentile(50) }
    var p99: Double { percentile(99) }

    /// Nearest-rank percentile.
    func percentile(_ p: Double) -> Double {
        guard !milliseconds.isEmpty else { return .nan }
        let sorted = milliseconds.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }
}

/// Runs `variants` once each in an order shuffled every round, so no variant always runs right
/// after the same other one (a variant that fsyncs slows whatever follows it; caches cool).
func runShuffled(_ round: Int, _ variants: [() throws -> Void]) throws {
    var generator = SplitMix64(seed: UInt64(round))
    for index in variants.indices.shuffled(using: &generator) {
        try variants[index]()
    }
}

/// A small seeded generator, so runs shuffle the same way every time.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The process's peak resident memory so far, in MiB (`getrusage` reports KiB on Linux).
func peakResidentMiB() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1_024
}
