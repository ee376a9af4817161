extension Duration {
    /// The duration in seconds, as a `Double` (what a report, a bound or a rate divides by).
    package var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// The duration in milliseconds, as a `Double`.
    package var inMilliseconds: Double { inSeconds * 1_000 }

    /// The duration in whole nanoseconds (a negative duration is zero), for a deadline.
    package var inNanoseconds: Int {
        let (seconds, attoseconds) = components
        return max(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000), 0)
    }
}
