/// A stand-in for a list widget: renders rows silently and forwards user selections.
///
/// Rendering never emits input. The selection handler slot is guarded by owner tokens:
/// installing a handler returns a token, and removing with any other token does nothing,
/// so an old binder being cancelled cannot clear a newer binder's handler.
@MainActor
public final class ZoneListControl {
    /// The rows last rendered; a projection, not a source of truth.
    public private(set) var rows: [ZoneRow] = []
    /// The status last rendered.
    public private(set) var status: ZoneListStatus = .ready
    private var handler: (token: ZoneEventToken, forward: @MainActor (String) -> Void)?
    private var nextToken = 0

    /// Creates an empty control.
    public init() {}

    /// The token of the handler currently receiving selections, if any.
    public var selectionHandlerOwner: ZoneEventToken? { handler?.token }

    /// Shows rows without reporting a user selection.
    public func render(_ rows: [ZoneRow]) {
        self.rows = rows
    }

    /// Shows a status without reporting a user selection.
    public func render(status: ZoneListStatus) {
        self.status = status
    }

    /// The handler receiving user selections, as one plain slot. Setting a handler installs it
    /// under a new token, so a binder holding the old one neither renders into this control nor
    /// clears it; setting nil removes whichever handler is installed. Binders use the token API
    /// (``installSelectionHandler(_:)``), which an old binder's cancellation cannot clear.
    public var userSelected: (@MainActor (String) -> Void)? {
        get { handler?.forward }
        set {
            if let newValue { _ = installSelectionHandler(newValue) } else { handler = nil }
        }
    }

    /// Simulates the person tapping a row: forwards `id` to the current handler, if any.
    public func userSelects(_ id: String) {
        handler?.forward(id)
    }

    /// Makes `forward` the handler for user selections, replacing any other, and returns its token.
    public func installSelectionHandler(_ forward: @escaping @MainActor (String) -> Void) -> ZoneEventToken {
        nextToken += 1
        let token = ZoneEventToken(rawValue: nextToken)
        handler = (token, forward)
        return token
    }

    /// Removes the handler only if `token` still owns it.
    public func removeSelectionHandler(_ token: ZoneEventToken) {
        guard handler?.token == token else { return }
        handler = nil
    }
}
