/// Each kind's ``OutcomeCounts``, as a restorer keeps them: a small array searched by name. An
/// app has a handful of kinds, and a kind's name is the same string at every call, so comparing
/// it costs less than hashing it (a save pays this under a lock it takes anyway).
struct KindCounts {
    /// The kinds counted so far, in the order they were first counted.
    private(set) var kinds: [(kind: String, counts: OutcomeCounts)] = []

    /// Counts a restore of `kind` that came to `outcome`.
    mutating func add(_ outcome: RestoreOutcome, kind: String, bytes: Int, duration: Duration) {
        kinds[slot(of: kind)].counts.add(outcome, bytes: bytes, duration: duration)
    }

    /// Counts a save of `kind` that came to `outcome`.
    mutating func add(_ outcome: SaveOutcome, kind: String, bytes: Int, duration: Duration) {
        kinds[slot(of: kind)].counts.add(outcome, bytes: bytes, duration: duration)
    }

    private mutating func slot(of kind: String) -> Int {
        if let index = kinds.firstIndex(where: { $0.kind == kind }) { return index }
        kinds.append((kind, OutcomeCounts()))
        return kinds.count - 1
    }
}
