/// A current value that observers receive immediately on observation and after every write.
///
/// Contract:
/// - Observation replays the current value synchronously, before `observe` returns its lifetime.
/// - Each value is delivered to the observers in registration order.
/// - Re-entrant writes (a write made while a value is being delivered) are queued, never
///   nested: every observer receives the current value before any observer receives the
///   queued one, and queued values are delivered in write order. `value` is always the
///   value currently being delivered.
/// - An observer cancelled during delivery receives nothing further, not even the rest of
///   the current round. One added during delivery receives its replay, then later values.
@MainActor
public final class ValueSource<Value> {
    /// The most recently delivered value.
    public private(set) var value: Value
    private var nextID = 0
    private var observers: [Int: @MainActor (Value) -> Void] = [:]
    private var queued: [Value] = []
    private var isDelivering = false

    /// Creates a source holding an initial value.
    public init(_ value: Value) {
        self.value = value
    }

    /// The number of live observations.
    public var observerCount: Int { observers.count }

    /// A view of this source that can observe but not write, for handing to clients.
    public var readOnly: ReadOnlyValueSource<Value> { ReadOnlyValueSource(self) }

    /// Registers `observer`, calls it with the current value, and returns its lifetime.
    public func observe(_ observer: @escaping @MainActor (Value) -> Void) -> BindingLifetime {
        nextID += 1
        let id = nextID
        observers[id] = observer
        observer(value)
        return BindingLifetime { [weak self] in
            self?.observers.removeValue(forKey: id)
        }
    }

    /// Writes a new value and delivers it, or queues it when called during a delivery.
    public func set(_ newValue: Value) {
        queued.append(newValue)
        guard !isDelivering else { return }
        isDelivering = true
        defer { isDelivering = false }
        var next = 0
        while next < queued.count {
            let delivered = queued[next]
            next += 1
            value = delivered
            for id in observers.keys.sorted() {
                observers[id]?(delivered)
            }
        }
        queued.removeAll()
    }
}
