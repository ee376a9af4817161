import ScreenModels

extension ZoneState {
    /// A state from test literals known to be valid; a typo in a test traps at once with its reason.
    static func valid(_ choices: [ZoneChoice], selected: String) -> ZoneState {
        do {
            return try ZoneState(choices: choices, selectedID: selected)
        } catch {
            preconditionFailure("The test's expected zone state is invalid: \(error)")
        }
    }
}
