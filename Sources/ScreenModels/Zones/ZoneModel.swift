/// Owns a zone selection and keeps it valid; publishes every change through ``changes``.
///
/// Unknown IDs are rejected no matter who asks: a control, restoration or another client.
/// Restoring is construction: ``init(choices:restoringSelection:)`` never traps on saved data.
@MainActor
public final class ZoneModel {
    /// The current state, replayed to each observer.
    public let changes: ValueSource<ZoneState>

    /// Creates a model from trusted values.
    ///
    /// Unique choice IDs and a selection among them are the caller's guarantee, as in the
    /// article; use ``init(choices:restoringSelection:)`` for anything from disk or a service.
    public init(choices: [ZoneChoice], selectedID: String) {
        do {
            let state = try ZoneState.validated(choices: choices, preferring: selectedID)
            precondition(state.selectedID == selectedID, "ZoneModel(choices:selectedID:) requires a listed selection")
            changes = ValueSource(state)
        } catch {
            preconditionFailure("ZoneModel(choices:selectedID:) requires valid choices: \(error)")
        }
    }

    /// Creates a model from untrusted values, selecting the restored ID when it is still a
    /// choice and the first choice otherwise. Throws when no valid selection can exist.
    public init(choices: [ZoneChoice], restoringSelection restoredID: String?) throws(ZoneModelError) {
        changes = ValueSource(try ZoneState.validated(choices: choices, preferring: restoredID))
    }

    /// Selects a listed zone; unknown or already selected IDs change nothing.
    public func select(_ id: String) {
        let old = changes.value
        guard id != old.selectedID, let new = old.selecting(id) else { return }
        changes.set(new)
    }
}
