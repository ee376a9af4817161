import ScreenModels

/// A loader whose requests complete only when the test says so.
@MainActor
final class ControlledShelf: ShelfLoading {
    struct Request {
        let query: String
        let cancellation: ShelfLoadCancellation
        let completion: @MainActor (Result<[ShelfBook], ShelfFailure>) -> Void
    }

    private(set) var requests: [Request] = []

    func load(
        query: String,
        completion: @escaping @MainActor (Result<[ShelfBook], ShelfFailure>) -> Void
    ) -> ShelfLoadCancellation {
        let cancellation = ShelfLoadCancellation()
        requests.append(Request(query: query, cancellation: cancellation, completion: completion))
        return cancellation
    }

    func complete(_ index: Int, with result: Result<[ShelfBook], ShelfFailure>) {
        requests[index].completion(result)
    }

    var cancelled: [Bool] { requests.map(\.cancellation.isCancelled) }
}

/// A saver whose conditional saves complete only when the test says so.
@MainActor
final class ControlledSaver: ShelfSaving {
    private(set) var sent: [ShelfDraft] = []
    private var completions: [@MainActor (ShelfSaveOutcome) -> Void] = []

    func save(_ draft: ShelfDraft, completion: @escaping @MainActor (ShelfSaveOutcome) -> Void) {
        sent.append(draft)
        completions.append(completion)
    }

    func complete(_ index: Int, with outcome: ShelfSaveOutcome) {
        completions[index](outcome)
    }
}
