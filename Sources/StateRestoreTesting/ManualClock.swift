import StateRestore
import StateStore

/// A clock a test moves by hand: the time every configuration it makes reads, in seconds since
/// 1970, so that lifetimes, history stamps and unused-scene ages pass without waiting.
///
/// ```swift
/// let clock = ManualClock()
/// let restorer = StateRestorer(path: path, configuration: clock.configuration(build: "2.0"))
/// clock.advance(by: 3_601)   // a kind that expires after an hour now restores its default
/// ```
public final class ManualClock: Sendable {
    private let time: Locked<Double>

    /// A clock standing at `seconds` since 1970 (by default a fixed moment in 2027, so a test
    /// never depends on the day it runs).
    public init(at seconds: Double = 1_800_000_000) {
        time = Locked(seconds)
    }

    /// The time the clock shows, in seconds since 1970.
    public var now: Double { time.withLock { $0 } }

    /// Moves the clock forward (or, with a negative value, back) by `seconds`.
    public func advance(by seconds: Double) {
        time.withLock { $0 += seconds }
    }

    /// `base` reading this clock, stamping `build` on the records it writes (none when nil).
    public func configuration(build: String? = nil, _ base: DatabaseConfiguration = DatabaseConfiguration()) -> DatabaseConfiguration {
        var configuration = base
        configuration.appBuild = build
        configuration.clock = { [self] in now }
        return configuration
    }
}
