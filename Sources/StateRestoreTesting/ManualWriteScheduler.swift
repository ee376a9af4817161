import StateRestore
import StateStore

/// Holds the coalesced writes a restorer schedules until ``fireAll()`` runs them: an app's test
/// decides exactly when each coalescing window ends (and one that never calls it keeps every
/// write pending until a `flush()`).
///
/// ```swift
/// let windows = ManualWriteScheduler()
/// let restorer = StateRestorer(path: path, scheduler: windows)
/// let tracking = restorer.persist(from: restored, turns: turns) { model.state }
/// model.page = 2
/// turns.runPendingTurns()   // the change is handed to the writer
/// windows.fireAll()         // its window ends: written
/// ```
public final class ManualWriteScheduler: WriteScheduling {
    private let scheduled = Locked<[(delay: Duration, work: @Sendable () -> Void)]>([])

    /// A scheduler holding nothing.
    public init() {}

    /// Keeps `work` until ``fireAll()``.
    public func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void) {
        scheduled.withLock { $0.append((delay, work)) }
    }

    /// The delays of the windows scheduled and not yet fired.
    public var pendingDelays: [Duration] { scheduled.withLock { $0.map(\.delay) } }

    /// Ends every scheduled window now, in the order they were scheduled (windows they schedule
    /// wait for the next call).
    public func fireAll() {
        let works = scheduled.withLock { works in
            defer { works.removeAll() }
            return works.map(\.work)
        }
        for work in works { work() }
    }
}
