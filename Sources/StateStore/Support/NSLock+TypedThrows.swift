import Foundation

extension NSLock {
    /// Runs `body` while holding the lock and returns what it returns, its error kept typed as
    /// ``Locked/withLock(_:)`` keeps it (Foundation's `withLock` rethrows `any Error`).
    ///
    /// The lock of a process-wide registry, whose list `body` reaches by name: see ``Locked``.
    /// Inlined, so a registry's first use makes no type at run time.
    @inlinable
    package func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
