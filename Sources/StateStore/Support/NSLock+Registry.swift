import Foundation

extension NSLock {
    /// Runs `body` with `value` while holding the lock, and returns what it returns: the lock of
    /// a process-wide registry, whose list is a `static var` that only `body` reaches.
    ///
    /// A registry (the open restorers, the guard files, the scenes in use, the known shapes…)
    /// lives for the whole process and is first touched by its first launch. Held in a
    /// ``Locked``, each cost that launch about 12 k instructions: the runtime made the type
    /// `Locked<[Element]>` (a generic class) from its mangled name at the registry's first use.
    /// A static list and an `NSLock` need no type made at all. Declare the list
    /// `@exclusivity(unchecked) nonisolated(unsafe) private static var`, read and change it only
    /// in `body`, and keep ``Locked`` for everything else: it checks that nothing leaves the
    /// lock, which a static cannot.
    @inlinable
    package func withLock<Value, Result, Failure: Error>(
        guarding value: inout Value, _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock()
        defer { unlock() }
        return try body(&value)
    }
}
