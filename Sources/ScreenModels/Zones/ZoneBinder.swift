/// Connects one adapter to one control and owns that connection's lifetime.
///
/// Binding replays rows and status into the control at once. ``cancel()`` (or releasing the
/// binder) stops observation and removes only this binder's input handler, so a control
/// rebound to another adapter keeps working. The binder does not own model work: cancelling
/// it never cancels a load the model or another screen is waiting for.
@MainActor
public final class ZoneBinder {
    private let adapter: ZoneAdapter
    private weak var control: ZoneListControl?
    private var lifetimes: [BindingLifetime] = []
    private var token: ZoneEventToken?

    /// Binds `control` to `adapter`: installs the input handler, then renders the current values.
    public init(adapter: ZoneAdapter, control: ZoneListControl) {
        self.adapter = adapter
        self.control = control
        token = control.installSelectionHandler { [weak adapter] in adapter?.select($0) }
        lifetimes = [
            adapter.observeRows { [weak control] in control?.render($0) },
            adapter.observeStatus { [weak control] in control?.render(status: $0) },
        ]
    }

    /// Whether the binding is still connected.
    public var isBound: Bool { token != nil }

    /// Stops rendering and input forwarding; later calls do nothing.
    public func cancel() {
        lifetimes.forEach { $0.cancel() }
        lifetimes = []
        if let token { control?.removeSelectionHandler(token) }
        token = nil
    }

    isolated deinit {
        cancel()
    }
}
