import ScreenKinds
import StateRestore
import StateStore

/// A write scheduler that runs nothing until the test fires it, so a test decides exactly
/// when each coalescing window ends.
final class ManualScheduler: WriteScheduling {
    private let scheduled = Locked<[(delay: Duration, work: @Sendable () -> Void)]>([])

    func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void) {
        scheduled.withLock { $0.append((delay, work)) }
    }

    /// The delays of the windows scheduled and not yet fired.
    var pendingDelays: [Duration] { scheduled.withLock { $0.map(\.delay) } }

    /// Ends every scheduled window now, in the order they were scheduled.
    func fireAll() {
        let works = scheduled.withLock { works in
            defer { works.removeAll() }
            return works.map(\.work)
        }
        for work in works { work() }
    }
}
