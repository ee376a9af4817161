import Dispatch

/// Runs a coalescing writer's pending write once its window has passed.
///
/// The default (`DispatchWriteScheduler`) uses a dispatch queue's timer; tests inject a
/// scheduler they fire by hand, so the order of saves, windows and flushes is explicit.
package protocol WriteScheduling: Sendable {
    /// Runs `work` once, `delay` from now, on some thread other than the caller's.
    func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void)
}

/// Schedules writes with `asyncAfter` on a serial dispatch queue: the restorer's default
/// (usable from its default argument, not named by an app).
@usableFromInline
package struct DispatchWriteScheduler: WriteScheduling {
    /// A scheduler on one serial utility queue the process's writers share (a write is short,
    /// and a launch does not pay for a queue of its own).
    @usableFromInline
    package init() {}

    /// The serial queue the schedulers share.
    package static let sharedQueue = DispatchQueue(label: "restorectl.coalescing-writer", qos: .utility)

    @usableFromInline
    package func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void) {
        Self.sharedQueue.asyncAfter(deadline: .now() + .nanoseconds(delay.inNanoseconds), execute: work)
    }
}
