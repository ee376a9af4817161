/// One kind's tallies by outcome: of its restores (``RestoreOutcome``) or of its saves
/// (``SaveOutcome``). An outcome nothing came to reads as an empty tally.
///
/// ```swift
/// let reader = restorer.statistics[kind: "reader"]
/// #expect(reader.restores[.upgraded].count == 1)
/// #expect(reader.saves[.coalescedAway].count == 2)
/// ```
public struct OutcomeTallies<Outcome: Hashable & Sendable & CaseIterable & CustomStringConvertible>: Hashable, Sendable, CustomStringConvertible {
    /// The tally of each outcome that at least one operation came to.
    public private(set) var byOutcome: [Outcome: OutcomeTally] = [:]

    /// No tallies.
    public init() {}

    /// The tally of `outcome` (empty when nothing came to it).
    public subscript(outcome: Outcome) -> OutcomeTally { byOutcome[outcome] ?? OutcomeTally() }

    /// Every outcome's tally added up.
    public var total: OutcomeTally { byOutcome.values.reduce(into: OutcomeTally()) { $0.merge($1) } }

    /// The tallies the engine kept, by outcome position (the order of `Outcome.allCases`).
    init(_ counts: OutcomeCounts) {
        for (index, outcome) in Outcome.allCases.enumerated() where index < counts.tallies.count && counts.tallies[index].count > 0 {
            byOutcome[outcome] = counts.tallies[index]
        }
    }

    /// `upgraded 1 (812 B, max 0.2 ms), no-record 2 (…)`, in the outcomes' declared order.
    public var description: String {
        Outcome.allCases.compactMap { outcome in byOutcome[outcome].map { "\(outcome) \($0)" } }.joined(separator: ", ")
    }
}
