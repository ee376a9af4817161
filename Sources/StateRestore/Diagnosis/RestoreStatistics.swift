/// What a restorer's restores and saves came to since it was made, per kind: a value, read
/// with ``StateRestorer/statistics``.
///
/// Each restore counts once, under the outcome its report's codes give (``RestoreOutcome``
/// lists the precedence); each save counts once, when its write settled it (``SaveOutcome``).
/// Names of accounts and scenes are not kept: the counts are per kind.
///
/// ```swift
/// let statistics = restorer.statistics
/// for (kind, counts) in statistics.kinds { logger.info("\(kind): \(counts)") }
/// if statistics[kind: "reader"][.quarantined].count > 0 { … }
/// ```
public struct RestoreStatistics: Hashable, Sendable, CustomStringConvertible {
    /// Each kind's counts, in the order first counted: a small array searched by name, which
    /// the engine counts into as it is. An app has a handful of kinds, and a kind's name is the
    /// same string at every call, so comparing it costs less than hashing it (a save pays this
    /// under a lock it takes anyway).
    private var counted: [KindCounts] = []

    /// One kind's counts (a struct, not a tuple: see `ScreenTable`).
    private struct KindCounts: Sendable {
        let kind: String
        var counts: KindStatistics
    }

    /// No counts.
    public init() {}

    /// The counts of each kind restored or saved at least once.
    public var kinds: [String: KindStatistics] {
        Dictionary(counted.map { ($0.kind, $0.counts) }, uniquingKeysWith: { first, _ in first })
    }

    /// The counts of `kind` (empty when the restorer never restored nor saved it).
    public subscript(kind kind: String) -> KindStatistics { counted.first { $0.kind == kind }?.counts ?? KindStatistics() }

    /// One line per kind, ordered by name.
    public var description: String {
        counted.sorted { $0.kind < $1.kind }.map { "\($0.kind): \($0.counts)" }.joined(separator: "\n")
    }

    /// Two statistics are equal when their kinds' counts are.
    public static func == (lhs: RestoreStatistics, rhs: RestoreStatistics) -> Bool { lhs.kinds == rhs.kinds }

    /// Hashes the kinds' counts.
    public func hash(into hasher: inout Hasher) { hasher.combine(kinds) }

    mutating func add(_ outcome: RestoreOutcome, kind: String, bytes: Int, duration: Duration) {
        counted[slot(of: kind)].counts.add(outcome, bytes: bytes, duration: duration)
    }

    mutating func add(_ outcome: SaveOutcome, kind: String, bytes: Int, duration: Duration) {
        counted[slot(of: kind)].counts.add(outcome, bytes: bytes, duration: duration)
    }

    /// These counts with `other`'s added (a restorer's restores and its writer's saves).
    func merging(_ other: RestoreStatistics) -> RestoreStatistics {
        var merged = self
        for entry in other.counted { merged.counted[merged.slot(of: entry.kind)].counts.merge(entry.counts) }
        return merged
    }

    private mutating func slot(of kind: String) -> Int {
        if let index = counted.firstIndex(where: { $0.kind == kind }) { return index }
        counted.append(KindCounts(kind: kind, counts: KindStatistics()))
        return counted.count - 1
    }
}
