/// Loads the shelf for a query and delivers the result on the main actor.
///
/// Each call returns the capability to cancel that request. A conforming loader may still
/// call `completion` after cancellation (transports race); the view model ignores such results.
@MainActor
public protocol ShelfLoading: AnyObject {
    /// Starts loading the books matching `query` and calls `completion` once with the result.
    func load(
        query: String,
        completion: @escaping @MainActor (Result<[ShelfBook], ShelfFailure>) -> Void
    ) -> ShelfLoadCancellation
}
