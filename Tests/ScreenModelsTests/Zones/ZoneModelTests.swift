import ScreenModels
import Testing

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
        #expect(
            states == [
                ZoneState.valid([amman, berlin], selected: "a"),
                ZoneState.valid([amman, berlin], selected: "b"),
            ])
        lifetime.cancel()
    }

    @Test func restoredSelectionIsKeptWhenStillListed() throws {
        let model = try ZoneModel(choices: [amman, berlin], restoringSelection: "b")
        #expect(model.changes.value == ZoneState.valid([amman, berlin], selected: "b"))
        #expect(model.selectedZoneID == "b")
    }

    @Test func selectedZoneIDFollowsAcceptedSelectionsOnly() {
        let model = ZoneModel(choices: [amman, berlin], selectedID: "a")
        model.select("unknown")
        #expect(model.selectedZoneID == "a")
        model.select("b")
        #expect(model.selectedZoneID == "b")
    }

    @Test(arguments: [String?.none, "gone"])
    func unknownRestoredSelectionFallsBackToTheFirstChoice(restored: String?) throws {
        let model = try ZoneModel(choices: [amman, berlin], restoringSelection: restored)
        #expect(model.changes.value == ZoneState.valid([amman, berlin], selected: "a"))
        #expect(model.selectedZoneID == "a")
    }

    @Test func restoringOverInvalidChoicesThrowsInsteadOfTrapping() {
        #expect(throws: ZoneModelError.noChoices) { try ZoneModel(choices: [], restoringSelection: "a") }
        #expect(throws: ZoneModelError.duplicateChoiceID("a")) {
            try ZoneModel(choices: [amman, ZoneChoice(id: "a", title: "Aqaba")], restoringSelection: "a")
        }
        #expect((try? ZoneModel(choices: [], restoringSelection: nil)) == nil)
    }
}
