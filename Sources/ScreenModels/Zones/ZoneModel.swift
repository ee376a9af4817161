import Observation

/// Owns a zone selection and keeps it valid; publishes every change through ``changes``.
///
/// Unknown IDs are rejected no matter who asks: a control, restoration or another client.
/// Clients only observe (``changes`` is read-only); every write goes through ``select(_:)``.
/// Restoring is construction: ``init(choices:restoringSelection:)`` never traps on saved data,
/// and ``selectedZoneID`` is the value to save.
///
/// The model is also `Observable`: ``selectedZoneID`` reports its reads and changes to
/// Observation, for observers that save the selection without taking part in ``changes``.
@MainActor
public final class ZoneModel: Observable {
    private let source: ValueSource<ZoneState>
    private let registrar = ObservationRegistrar()

    /// The current state, replayed to each observer; clients cannot write it.
    public let changes: ReadOnlyValueSource<ZoneState>

    /// The selected zone's ID, always one of the choices: the selection to save for restoration.
    public var selectedZoneID: String {
        registrar.access(self, keyPath: \.selectedZoneID)
        return source.value.selectedID
    }

    /// Creates a model from trusted values.
    ///
    /// Unique choice IDs and a selection among them are the caller's guarantee, as in the
    /// article; use ``init(choices:restoringSelection:)`` for anything from disk or a service.
    public init(choices: [ZoneChoice], selectedID: String) {
        do {
            let state = try ZoneState.validated(choices: choices, preferring: selectedID)
            precondition(state.selectedID == selectedID, "ZoneModel(choices:selectedID:) requires a listed selection")
            source = ValueSource(state)
            changes = source.readOnly
        } catch {
            preconditionFailure("ZoneModel(choices:selectedID:) requires valid choices: \(error)")
        }
    }

    /// Creates a model from untrusted values, selecting the restored ID when it is still a
    /// choice and the first choice otherwise (also when `restoredID` is `nil`).
    ///
    /// Throws ``ZoneModelError/noChoices`` or ``ZoneModelError/duplicateChoiceID(_:)`` when no
    /// valid selection can exist; `try? ZoneModel(choices:restoringSelection:)` is `nil` then.
    public init(choices: [ZoneChoice], restoringSelection restoredID: String?) throws(ZoneModelError) {
        source = ValueSource(try ZoneState.validated(choices: choices, preferring: restoredID))
        changes = source.readOnly
    }

    /// Selects a listed zone; unknown or already selected IDs change nothing.
    public func select(_ id: String) {
        let old = source.value
        guard id != old.selectedID, let new = old.selecting(id) else { return }
        registrar.withMutation(of: self, keyPath: \.selectedZoneID) { source.set(new) }
    }
}
