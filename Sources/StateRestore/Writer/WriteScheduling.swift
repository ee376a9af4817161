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

    /// A scheduler on `queue` (default: one serial utility queue the process's writers share;
    /// a write is short, and a launch does not pay for a queue of its own).
    public init(queue: DispatchQueue = DispatchWriteScheduler.sharedQueue) {
        self.queue = queue
    }

    /// The serial queue the default schedulers share.
    public static let sharedQueue = DispatchQueue(label: "restorectl.coalescing-writer", qos: .utility)

    public func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void) {
        queue.asyncAfter(deadline: .now() + .nanoseconds(delay.inNanoseconds), execute: work)
    }
}
