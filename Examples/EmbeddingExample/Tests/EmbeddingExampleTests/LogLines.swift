import Foundation

/// The lines an app's test logger received, behind a lock of its own.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var received: [String] = []

    func append(_ line: String) { lock.withLock { received.append(line) } }

    var lines: [String] { lock.withLock { received } }
}
