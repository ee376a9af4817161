/// Connects one adapter to one control and owns that connection's lifetime.
///
/// Binding replays rows and status into the control at once. It renders only while it owns
/// the control's selection handler: once another binder (or a plain ``ZoneListControl/userSelected``
/// handler) takes the control, an update from this binder's item never overwrites the new
/// item's rows, even while both binders are alive. ``cancel()`` (or releasing the binder) stops
/// observation and removes only this binder's input handler, so a control rebound to another
/// adapter keeps working. The binder does not own model work: cancelling
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
            adapter.observeRows { [weak self] rows in self?.ownedControl?.render(rows) },
            adapter.observeStatus { [weak self] status in self?.ownedControl?.render(status: status) },
        ]
    }

    /// The control, while this binder's handler still owns it.
    private var ownedControl: ZoneListControl? {
        guard let control, let token, control.selectionHandlerOwner == token else { return nil }
        return control
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
