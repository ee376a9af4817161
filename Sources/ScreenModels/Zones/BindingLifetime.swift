/// Owns one binding's disposal: cancelling runs the dispose action exactly once.
///
/// Releasing the lifetime cancels it too, so a forgotten token cannot leak an observation.
/// ```swift
/// let lifetime = source.observe { render($0) }
/// lifetime.cancel()   // stops delivery; a second cancel does nothing
/// ```
@MainActor
public final class BindingLifetime {
    private var dispose: (@MainActor () -> Void)?

    /// Creates a lifetime that runs `dispose` on its first cancellation.
    public init(_ dispose: @escaping @MainActor () -> Void) {
        self.dispose = dispose
    }

    /// Whether the binding has been cancelled.
    public var isCancelled: Bool { dispose == nil }

    /// Ends the binding; only the first call runs the dispose action.
    public func cancel() {
        let action = dispose
        dispose = nil
        action?()
    }

    isolated deinit {
        cancel()
    }
}
