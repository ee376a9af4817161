/// Unique zone choices with a selection that is always one of them.
///
/// Every public way to build one checks the invariants, so no client can describe a selection
/// that is not a choice; only the models in this module build states from values they checked.
public struct ZoneState: Equatable, Sendable {
    /// The choices in display order, with unique IDs.
    public let choices: [ZoneChoice]
    /// The selected choice's ID; always present in `choices`.
    public let selectedID: String

    /// Creates a state from values this module already checked.
    init(checkedChoices choices: [ZoneChoice], selectedID: String) {
        self.choices = choices
        self.selectedID = selectedID
    }

    /// Creates a state, throwing unless the choices are non-empty with unique IDs and
    /// `selectedID` is one of them.
    public init(choices: [ZoneChoice], selectedID: String) throws(ZoneModelError) {
        let state = try Self.validated(choices: choices, preferring: selectedID)
        guard state.selectedID == selectedID else { throw .unknownSelection(selectedID) }
        self = state
    }

    /// Validates untrusted choices and selects `preferredID` if present, else the first choice.
    public static func validated(choices: [ZoneChoice], preferring preferredID: String?) throws(ZoneModelError) -> ZoneState {
        guard let first = choices.first else { throw .noChoices }
        var seen = Set<String>()
        for choice in choices where !seen.insert(choice.id).inserted {
            throw .duplicateChoiceID(choice.id)
        }
        let selected = preferredID.flatMap { seen.contains($0) ? $0 : nil } ?? first.id
        return ZoneState(checkedChoices: choices, selectedID: selected)
    }

    /// This state with `id` selected, or `nil` when `id` is not a choice.
    public func selecting(_ id: String) -> ZoneState? {
        choices.contains { $0.id == id } ? ZoneState(checkedChoices: choices, selectedID: id) : nil
    }
}
