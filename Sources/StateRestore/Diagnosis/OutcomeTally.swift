/// How many operations came to one outcome, the record bytes they read or wrote, and how long
/// they took (measured on a monotonic clock, whatever clock the configuration gives).
public struct OutcomeTally: Hashable, Sendable, CustomStringConvertible {
    /// How many restores or saves came to the outcome.
    public var count = 0
    /// The record bytes they read (restores) or wrote (saves).
    public var bytes = 0
    /// Their durations added up.
    public var totalDuration = Duration.zero
    /// The longest of them.
    public var maxDuration = Duration.zero

    /// An empty tally.
    public init() {}

    /// Counts one more operation of `bytes` that took `duration`.
    mutating func add(bytes: Int, duration: Duration) {
        count += 1
        self.bytes += bytes
        totalDuration += duration
        if duration > maxDuration { maxDuration = duration }
    }

    /// Adds `other`'s counts to these.
    mutating func merge(_ other: OutcomeTally) {
        count += other.count
        bytes += other.bytes
        totalDuration += other.totalDuration
        maxDuration = max(maxDuration, other.maxDuration)
    }

    /// `3 (1200 B, max 0.4 ms)`.
    public var description: String {
        "\(count) (\(bytes) B, max \((maxDuration.inMilliseconds * 1_000).rounded() / 1_000) ms)"
    }
}
