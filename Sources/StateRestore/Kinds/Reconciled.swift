/// A state after reconciliation, with what was changed and why.
public struct Reconciled<State: Sendable>: Sendable {
    /// The adjusted state.
    public var state: State
    /// One entry per adjustment, in the order they were made; empty when nothing changed.
    public var adjustments: [RestoreReportEntry]

    /// Creates a reconciliation result.
    public init(_ state: State, adjustments: [RestoreReportEntry] = []) {
        self.state = state
        self.adjustments = adjustments
    }
}
extension Reconciled: Equatable where State: Equatable {}
