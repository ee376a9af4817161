import ScreenModels
import Testing

private let amman = ZoneChoice(id: "a", title: "Amman")
private let berlin = ZoneChoice(id: "b", title: "Berlin")

/// A ``ZoneState`` can only be built valid, so no client can publish a selection that is not a choice.
@Suite struct ZoneStateTests {
    @Test func aStateNamingAnUnlistedSelectionCannotBeBuilt() {
        #expect(throws: ZoneModelError.self) { try ZoneState(choices: [amman, berlin], selectedID: "unknown") }
        #expect(throws: ZoneModelError.self) { try ZoneState(choices: [], selectedID: "a") }
        #expect(throws: ZoneModelError.self) { try ZoneState(choices: [amman, amman], selectedID: "a") }
    }

    @Test func aStateNamingAListedSelectionIsBuiltAsGiven() throws {
        let state = try ZoneState(choices: [amman, berlin], selectedID: "b")
        #expect(state.choices == [amman, berlin])
        #expect(state.selectedID == "b")
    }
}
