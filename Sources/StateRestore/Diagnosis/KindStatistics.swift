/// One kind's counts in a ``RestoreStatistics``: its restores and its saves, by outcome. An
/// outcome nothing came to reads as an empty tally.
///
/// ```swift
/// let reader = restorer.statistics[kind: "reader"]
/// #expect(reader[.upgraded].count == 1)       // restores that came to RestoreOutcome.upgraded
/// #expect(reader[.coalescedAway].count == 2)  // saves that came to SaveOutcome.coalescedAway
/// ```
///
/// The engine counts into this value as it is (an array per operation, indexed by the outcome's
/// position, so counting makes no generic type at run time: a dictionary keyed by an outcome
/// would look its conformances up by name at a launch's first count).
public struct KindStatistics: Hashable, Sendable, CustomStringConvertible {
    /// One tally per ``RestoreOutcome``, in declaration order; empty until the first count.
    private var restoreTallies: [OutcomeTally] = []
    /// One tally per ``SaveOutcome``, in declaration order; empty until the first count.
    private var saveTallies: [OutcomeTally] = []

    /// No counts.
    public init() {}

    /// The tally of the kind's restores that came to `outcome` (empty when none did).
    public subscript(outcome: RestoreOutcome) -> OutcomeTally {
        outcome.severity < restoreTallies.count ? restoreTallies[outcome.severity] : OutcomeTally()
    }

    /// The tally of the kind's saves, persisted or by hand, that came to `outcome` (empty when
    /// none did).
    public subscript(outcome: SaveOutcome) -> OutcomeTally {
        outcome.index < saveTallies.count ? saveTallies[outcome.index] : OutcomeTally()
    }

    /// The tally of each restore outcome that at least one restore came to.
    public var restores: [RestoreOutcome: OutcomeTally] { Self.byOutcome(restoreTallies) }

    /// The tally of each save outcome that at least one save came to.
    public var saves: [SaveOutcome: OutcomeTally] { Self.byOutcome(saveTallies) }

    /// Every restore's tally added up.
    public var restoreTotal: OutcomeTally { restoreTallies.reduce(into: OutcomeTally()) { $0.merge($1) } }

    /// Every save's tally added up.
    public var saveTotal: OutcomeTally { saveTallies.reduce(into: OutcomeTally()) { $0.merge($1) } }

    /// `restores: upgraded 1 (812 B, max 0.2 ms), no-record 2 (…); saves: written 3 (…)`, each
    /// in the outcomes' declared order.
    public var description: String {
        "restores: \(Self.describe(restoreTallies, RestoreOutcome.self)); saves: \(Self.describe(saveTallies, SaveOutcome.self))"
    }

    mutating func add(_ outcome: RestoreOutcome, bytes: Int, duration: Duration) {
        Self.add(to: &restoreTallies, at: outcome.severity, of: RestoreOutcome.caseCount, bytes: bytes, duration: duration)
    }

    mutating func add(_ outcome: SaveOutcome, bytes: Int, duration: Duration) {
        Self.add(to: &saveTallies, at: outcome.index, of: SaveOutcome.caseCount, bytes: bytes, duration: duration)
    }

    mutating func merge(_ other: KindStatistics) {
        Self.merge(other.restoreTallies, into: &restoreTallies)
        Self.merge(other.saveTallies, into: &saveTallies)
    }

    private static func add(to tallies: inout [OutcomeTally], at index: Int, of caseCount: Int, bytes: Int, duration: Duration) {
        if tallies.isEmpty { tallies = Array(repeating: OutcomeTally(), count: caseCount) }
        tallies[index].add(bytes: bytes, duration: duration)
    }

    private static func merge(_ other: [OutcomeTally], into tallies: inout [OutcomeTally]) {
        if tallies.isEmpty { tallies = other } else { for (index, tally) in other.enumerated() { tallies[index].merge(tally) } }
    }

    /// The tallies of the outcomes counted at least once, by outcome (the tallies are in the
    /// order of `Outcome.allCases`).
    private static func byOutcome<Outcome: CaseIterable & Hashable>(_ tallies: [OutcomeTally]) -> [Outcome: OutcomeTally] {
        var byOutcome: [Outcome: OutcomeTally] = [:]
        for (tally, outcome) in zip(tallies, Outcome.allCases) where tally.count > 0 { byOutcome[outcome] = tally }
        return byOutcome
    }

    /// `upgraded 1 (812 B, max 0.2 ms), no-record 2 (…)`, in the outcomes' declared order.
    private static func describe<Outcome: CaseIterable & CustomStringConvertible>(_ tallies: [OutcomeTally], _: Outcome.Type) -> String {
        zip(tallies, Outcome.allCases).filter { $0.0.count > 0 }.map { "\($0.1) \($0.0)" }.joined(separator: ", ")
    }
}
