import Foundation
import StateRestore

/// What an app's test keeps of its restorer's events: a list behind a lock of its own.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var received: [RestoreEvent] = []

    func append(_ event: RestoreEvent) { lock.withLock { received.append(event) } }

    var events: [RestoreEvent] { lock.withLock { received } }
}
