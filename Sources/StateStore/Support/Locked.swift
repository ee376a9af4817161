import Foundation

/// A value guarded by a lock, for the package's process-wide caches and the coalescing writer.
///
/// The value goes in `sending` and `withLock` hands it to its body as `inout sending`, as the
/// standard library's `Mutex` does: the compiler checks that nothing reachable from the value
/// leaves the lock (a body cannot return the connection it holds, or a reference into it), so a
/// value that is not `Sendable`, such as a connection, is only ever used under the lock, and a
/// `Sendable` one is as free as before.
///
/// `Synchronization.Mutex` would do the same job, but on Linux it locks with a futex inside the
/// standard library, which the thread sanitizer cannot see: every access from a second thread
/// is reported as a race, so the sanitizer runs could not tell a real race from a lock. An
/// `NSLock` is a pthread mutex, which the sanitizer understands, and costs the same uncontended.
///
/// A process-wide registry (the open restorers, the guard files, the scenes in use, the known
/// shapes…) is the one exception: its list is an `@exclusivity(unchecked) nonisolated(unsafe)
/// private static var` beside an `NSLock`, named only inside the body of that lock's
/// `withLock(_:)` (StateStore's typed-throws one). A registry lives as long as the process and
/// is first touched by its first launch; held in a `Locked`, each cost that launch about 12 k
/// instructions, the runtime making the type `Locked<[Element]>` (a generic class) from its
/// mangled name, where a static list and an `NSLock` need no type made at all. The body names
/// the list rather than being handed it `inout`: an `inout` argument begins its access where it
/// is written, so a list passed into a function that locks would be accessed before the lock
/// (and the thread sanitizer says so).
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    /// Reached only under `lock` (by one body at a time, never re-entered: the lock is not
    /// recursive), so the runtime's exclusivity check, which cost each access about as much as
    /// the lock itself, has nothing to find.
    @exclusivity(unchecked) private var value: Value

    /// A lock guarding `value`, which no other code may still reach.
    package init(_ value: consuming sending Value) {
        self.value = value
    }

    /// Runs `body` with the value while holding the lock and returns what it returns, which must
    /// not reach into the value.
    package func withLock<Result, Failure: Error>(_ body: (inout sending Value) throws(Failure) -> sending Result) throws(Failure) -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

extension Locked where Value == Void {
    /// A lock that guards no value of its own: it serializes work on something outside Swift's
    /// view (a file's bytes, a stream's lines), so that work never interleaves between threads.
    package convenience init() {
        self.init(())
    }

    /// Runs `body` while holding the lock and returns what it returns.
    ///
    /// It takes the lock itself and never touches the (empty) value: an `inout` access to a
    /// stored `Void` is reported by the thread sanitizer as an 8-byte write at the address of
    /// the field beside it, the lock, which every caller reads before locking.
    package func withLock<Result, Failure: Error>(_ body: () throws(Failure) -> sending Result) throws(Failure) -> sending Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
