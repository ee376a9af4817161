/// One kind's counts in a ``RestoreStatistics``: its restores and its saves by outcome.
public struct KindStatistics: Hashable, Sendable, CustomStringConvertible {
    /// The kind's restores, by outcome.
    public var restores = OutcomeTallies<RestoreOutcome>()
    /// The kind's saves, persisted or by hand, by outcome.
    public var saves = OutcomeTallies<SaveOutcome>()

    /// No counts.
    public init() {}

    /// `restores: upgraded 1 (…); saves: written 3 (…)`.
    public var description: String { "restores: \(restores); saves: \(saves)" }
}
