import Observation
import StateStore

/// Records observation change callbacks, which may arrive from any isolation.
final class ChangeLog: Sendable {
    private let entries = Locked<[String]>([])

    func record(_ entry: String) {
        entries.withLock { $0.append(entry) }
    }

    var recorded: [String] { entries.withLock { $0 } }

    /// A log that records `entry` when anything `read` reads next changes (one observation).
    static func observing(_ entry: String, _ read: () -> Void) -> ChangeLog {
        let log = ChangeLog()
        withObservationTracking(read) { log.record(entry) }
        return log
    }
}
