import Dispatch
import Foundation
import StateStore

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
        let deadline = DispatchTime.now() + .nanoseconds(delay.inNanoseconds)
        Self.timers.withLock { state in
            if state == .unknown {
                // The process's first timer starts dispatch's event loop, which takes
                // descriptors of its own (an epoll, an eventfd and a timerfd on Linux, a kqueue
                // on Apple's systems) and kills the process when it cannot have them. Four are
                // asked for first, under the lock, so the loop starts only when they can be had.
                guard Self.descriptorsToSpare(4) else {
                    // None to spare: written as soon as a thread is free, without the window.
                    Self.sharedQueue.async(execute: work)
                    return
                }
                state = .started
            }
            Self.sharedQueue.asyncAfter(deadline: deadline, execute: work)
        }
    }

    /// Whether the process's first timer has started dispatch's event loop.
    enum TimerState: Sendable { case unknown, started }

    static let timers = Locked(TimerState.unknown)

    /// Whether `count` more descriptors can be opened now (two pipes' worth at a time, closed
    /// at once).
    static func descriptorsToSpare(_ count: Int) -> Bool {
        var descriptors: [Int32] = []
        defer { descriptors.forEach { close($0) } }
        var pair: [Int32] = [-1, -1]
        while descriptors.count < count {
            guard pipe(&pair) == 0 else { return false }
            descriptors += pair
        }
        return true
    }
}
