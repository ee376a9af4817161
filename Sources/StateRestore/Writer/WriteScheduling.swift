import Dispatch

/// Runs a coalescing writer's pending write once its window has passed.
///
/// The default, ``DispatchWriteScheduler``, uses a dispatch queue's timer; tests inject a
/// scheduler they fire by hand, so the order of saves, windows and flushes is explicit.
public protocol WriteScheduling: Sendable {
    /// Runs `work` once, `delay` from now, on some thread other than the caller's.
    func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void)
}

/// Schedules writes with `asyncAfter` on a serial dispatch queue.
public struct DispatchWriteScheduler: WriteScheduling {
    /// The queue the writes run on.
    public let queue: DispatchQueue

    /// A scheduler on `queue` (default: a private serial utility queue).
    public init(queue: DispatchQueue = DispatchQueue(label: "restorectl.coalescing-writer", qos: .utility)) {
        self.queue = queue
    }

    public func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void) {
        let (seconds, attoseconds) = delay.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        queue.asyncAfter(deadline: .now() + .nanoseconds(max(nanoseconds, 0)), execute: work)
    }
}
