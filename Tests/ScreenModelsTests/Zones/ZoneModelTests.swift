import Testing
import ScreenModels

private let amman = ZoneChoice(id: "a", title: "Amman")
private let berlin = ZoneChoice(id: "b", title: "Berlin")

@MainActor
@Suite struct ZoneModelTests {
    @Test func selectAcceptsOnlyListedChangesAndPublishesEachOnce() {
        let model = ZoneModel(choices: [amman, berlin], selectedID: "a")
        var states: [ZoneState] = []
        let lifetime = model.changes.observe { states.append($0) }
        model.select("b")
        model.select("b")
        model.select("unknown")
        #expect(states == [
            ZoneState(choices: [amman, berlin], selectedID: "a"),
            ZoneState(choices: [amman, berlin], selectedID: "b"),
        ])
        lifetime.cancel()
    }

    @Test func restoredSelectionIsKeptWhenStillListed() throws {
        let model = try ZoneModel(choices: [amman, berlin], restoringSelection: "b")
        #expect(model.changes.value == ZoneState(choices: [amman, berlin], selectedID: "b"))
    }

    @Test(arguments: [String?.none, "gone"])
    func unknownRestoredSelectionFallsBackToTheFirstChoice(restored: String?) throws {
        let model = try ZoneModel(choices: [amman, berlin], restoringSelection: restored)
        #expect(model.changes.value == ZoneState(choices: [amman, berlin], selectedID: "a"))
    }

    @Test func restoringOverInvalidChoicesThrowsInsteadOfTrapping() {
        #expect(throws: ZoneModelError.noChoices) { try ZoneModel(choices: [], restoringSelection: "a") }
        #expect(throws: ZoneModelError.duplicateChoiceID("a")) {
            try ZoneModel(choices: [amman, ZoneChoice(id: "a", title: "Aqaba")], restoringSelection: "a")
        }
    }
}
