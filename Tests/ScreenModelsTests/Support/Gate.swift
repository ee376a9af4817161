/// Suspends each caller of ``enter()`` until the test releases that call by index.
///
/// Tests wait for a number of calls with ``waitForCalls(_:)`` and then release them in any
/// order, so asynchronous completions are ordered explicitly, never by timing.
actor Gate<Output: Sendable> {
    private var suspended: [Int: CheckedContinuation<Result<Output, any Error>, Never>] = [:]
    private var callWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private(set) var calls = 0

    func enter() async throws -> Output {
        let result = await withCheckedContinuation { continuation in
            suspended[calls] = continuation
            calls += 1
            let ready = callWaiters.filter { $0.count <= calls }
            callWaiters.removeAll { $0.count <= calls }
            ready.forEach { $0.continuation.resume() }
        }
        return try result.get()
    }

    func waitForCalls(_ count: Int) async {
        guard calls < count else { return }
        await withCheckedContinuation { callWaiters.append((count, $0)) }
    }

    func release(_ index: Int, with result: Result<Output, any Error>) {
        suspended.removeValue(forKey: index)?.resume(returning: result)
    }
}

struct GateFailure: Error, Equatable {}
