import Foundation

/// A value guarded by a lock, for the package's process-wide caches and the coalescing writer.
///
/// `Synchronization.Mutex` would do the same job, but on Linux it locks with a futex inside the
/// standard library, which the thread sanitizer cannot see: every access from a second thread
/// is reported as a race, so the sanitizer runs could not tell a real race from a lock. An
/// `NSLock` is a pthread mutex, which the sanitizer understands, and costs the same uncontended.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// A lock guarding `value`.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock and returns what it returns.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
