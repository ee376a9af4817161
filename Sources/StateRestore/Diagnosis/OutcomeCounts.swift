/// The tallies of one kind's restores or saves, by outcome, as the engine keeps them: an array
/// indexed by the outcome's position, so counting makes no generic type at run time (a
/// dictionary keyed by an outcome would look its conformances up by name at a launch's first
/// count). ``OutcomeTallies`` is what an app reads.
struct OutcomeCounts {
    /// One tally per outcome in declaration order; empty until the first count.
    private(set) var tallies: [OutcomeTally] = []

    /// Counts a restore that came to `outcome`.
    mutating func add(_ outcome: RestoreOutcome, bytes: Int, duration: Duration) {
        add(at: outcome.severity, of: RestoreOutcome.caseCount, bytes: bytes, duration: duration)
    }

    /// Counts a save that came to `outcome`.
    mutating func add(_ outcome: SaveOutcome, bytes: Int, duration: Duration) {
        add(at: outcome.index, of: SaveOutcome.caseCount, bytes: bytes, duration: duration)
    }

    private mutating func add(at index: Int, of caseCount: Int, bytes: Int, duration: Duration) {
        if tallies.isEmpty { tallies = Array(repeating: OutcomeTally(), count: caseCount) }
        tallies[index].add(bytes: bytes, duration: duration)
    }
}
