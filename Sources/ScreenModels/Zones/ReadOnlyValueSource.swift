/// The observation surface of a ``ValueSource``: read and observe, never write.
///
/// A model that must keep its value valid owns the ``ValueSource`` privately and hands clients
/// this view, so every write goes through the model's checks. Observation follows the
/// source's contract exactly (synchronous replay, registration order, queued re-entrant writes).
///
/// ```swift
/// private let source = ValueSource(initial)
/// public var changes: ReadOnlyValueSource<State> { source.readOnly }
/// ```
@MainActor
public final class ReadOnlyValueSource<Value> {
    private let source: ValueSource<Value>

    init(_ source: ValueSource<Value>) {
        self.source = source
    }

    /// The most recently delivered value.
    public var value: Value { source.value }

    /// The number of live observations.
    public var observerCount: Int { source.observerCount }

    /// Registers `observer`, calls it with the current value, and returns its lifetime.
    public func observe(_ observer: @escaping @MainActor (Value) -> Void) -> BindingLifetime {
        source.observe(observer)
    }
}
