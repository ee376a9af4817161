/// The capability to cancel one shelf load, returned by ``ShelfLoading/load(query:completion:)``.
///
/// Cancelling runs the loader's cancel action at most once. Cancelling is advisory for the
/// transport: ``ShelfViewModel`` also rejects late results by request identity.
@MainActor
public final class ShelfLoadCancellation {
    private var action: (@MainActor () -> Void)?

    /// Creates a cancellation that runs `action` the first time ``cancel()`` is called.
    public init(_ action: @escaping @MainActor () -> Void = {}) {
        self.action = action
    }

    /// Whether ``cancel()`` has been called.
    public private(set) var isCancelled = false

    /// Cancels the load; later calls do nothing.
    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        let pending = action
        action = nil
        pending?()
    }
}
