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
/// if statistics[kind: "reader"].restores[.quarantined].count > 0 { … }
/// ```
public struct RestoreStatistics: Hashable, Sendable, CustomStringConvertible {
    /// The counts of each kind restored or saved at least once.
    public var kinds: [String: KindStatistics] = [:]

    /// No counts.
    public init() {}

    /// The counts of `kind` (empty when the restorer never restored nor saved it).
    public subscript(kind kind: String) -> KindStatistics { kinds[kind] ?? KindStatistics() }

    /// One line per kind, ordered by name.
    public var description: String {
        kinds.keys.sorted().map { "\($0): \(kinds[$0] ?? KindStatistics())" }.joined(separator: "\n")
    }
}
