import Dispatch
import Foundation
import StateStore
import Testing

/// Awaits `operation`, recording an issue instead of hanging when it has not finished within
/// `seconds`. The limit only bounds a failing wait; it never orders events, and it is no
/// timing assertion: it is long enough (ten minutes, under CI's 15-minute step limit) that
/// correct code never meets it. At two minutes, a thread-sanitizer run on a loaded two-core
/// machine failed seven correct tests: the other suites' main-actor work kept a drain queued
/// for longer.
///
/// Returns the operation's result, or `nil` after a timeout (the operation is left running).
@MainActor
@discardableResult
func bounded<T: Sendable>(
    _ description: String,
    within seconds: Double = 600,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ operation: @escaping @MainActor () async -> T
) async -> T? {
    let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
        let once = ResumeOnce(continuation)
        Task { @MainActor in once.resume(returning: await operation()) }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { once.resume(returning: nil) }
    }
    if outcome == nil {
        Issue.record("Timed out after \(seconds) s waiting for \(description)", sourceLocation: sourceLocation)
    }
    return outcome
}

/// Resumes a continuation with the first of several racing results.
private final class ResumeOnce<T: Sendable>: Sendable {
    private let continuation: Locked<CheckedContinuation<T?, Never>?>

    init(_ continuation: CheckedContinuation<T?, Never>) {
        self.continuation = Locked(continuation)
    }

    func resume(returning value: T?) {
        let pending = continuation.withLock { continuation in
            defer { continuation = nil }
            return continuation
        }
        pending?.resume(returning: value)
    }
}
