import Foundation

/// Records observation change callbacks, which may arrive from any isolation.
final class ChangeLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []

    func record(_ entry: String) {
        lock.lock()
        defer { lock.unlock() }
        entries.append(entry)
    }

    var recorded: [String] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }
}
