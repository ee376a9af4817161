import StateStore

/// What a callback received, in order, from whatever thread it ran on: the events a
/// `RestoreEventHandler` passed on, the lines a logger wrote, the keys a store
/// reported changed.
///
/// ```swift
/// let events = ReceivedValues<RestoreEvent>()
/// let restorer = StateRestorer(path: path, events: RestoreEventHandler(hashKey: key) { events.append($0) })
/// …
/// #expect(events.all.map(\.kind) == ["notes"])
/// ```
public final class ReceivedValues<Value: Sendable>: Sendable {
    private let received = Locked<[Value]>([])

    /// An empty list.
    public init() {}

    /// Adds `value` after those received before it.
    public func append(_ value: Value) {
        received.withLock { $0.append(value) }
    }

    /// Every value received so far, oldest first.
    public var all: [Value] { received.withLock { $0 } }
}
