import ScreenModels
import Testing

private let amman = ZoneChoice(id: "a", title: "Amman")
private let berlin = ZoneChoice(id: "b", title: "Berlin")
private let cairo = ZoneChoice(id: "c", title: "Cairo")

private func rows(_ choices: [ZoneChoice], selected: String) -> [ZoneRow] {
    choices.map { ZoneRow(id: $0.id, text: $0.title, selected: $0.id == selected) }
}

@MainActor
@Suite struct ZoneBinderTests {
    @Test func bindingReplaysForwardsInputAndCancellationStopsBothDirections() {
        let model = ZoneModel(choices: [amman, berlin], selectedID: "a")
        let control = ZoneListControl()
        let binder = ZoneBinder(adapter: ZoneAdapter(model: model), control: control)
        #expect(control.rows == rows([amman, berlin], selected: "a"))
        #expect(control.status == .ready)

        control.userSelects("b")
        #expect(model.changes.value == ZoneState.valid([amman, berlin], selected: "b"))
        #expect(control.rows == rows([amman, berlin], selected: "b"))

        control.userSelects("unknown")
        #expect(model.changes.value == ZoneState.valid([amman, berlin], selected: "b"))
        #expect(control.rows == rows([amman, berlin], selected: "b"))

        binder.cancel()
        #expect(!binder.isBound)
        #expect(model.changes.observerCount == 0)
        let frozenRows = control.rows
        model.select("a")
        #expect(control.rows == frozenRows)
        control.userSelects("b")
        #expect(model.changes.value == ZoneState.valid([amman, berlin], selected: "a"))
    }

    @Test func renderingNeverEmitsInput() {
        let model = ZoneModel(choices: [amman, berlin], selectedID: "a")
        let control = ZoneListControl()
        var forwarded: [String] = []
        let spy = control.installSelectionHandler { forwarded.append($0) }
        let lifetime = ZoneAdapter(model: model).observeRows { control.render($0) }
        model.select("b")
        control.render(status: .loading)
        #expect(forwarded.isEmpty)
        #expect(control.rows == rows([amman, berlin], selected: "b"))
        control.removeSelectionHandler(spy)
        lifetime.cancel()
    }

    @Test func reusableRowRebindFollowsOnlyTheNewModelWhileBothStayAlive() {
        let modelA = ZoneModel(choices: [amman, berlin], selectedID: "a")
        let modelB = ZoneModel(choices: [berlin, cairo], selectedID: "c")
        let control = ZoneListControl()
        let binderA = ZoneBinder(adapter: ZoneAdapter(model: modelA), control: control)
        binderA.cancel()
        let binderB = ZoneBinder(adapter: ZoneAdapter(model: modelB), control: control)
        #expect(control.rows == rows([berlin, cairo], selected: "c"))

        modelA.select("b")
        #expect(control.rows == rows([berlin, cairo], selected: "c"))

        control.userSelects("b")
        #expect(modelB.changes.value == ZoneState.valid([berlin, cairo], selected: "b"))
        #expect(modelA.changes.value == ZoneState.valid([amman, berlin], selected: "b"))
        #expect(control.rows == rows([berlin, cairo], selected: "b"))
        #expect(modelA.changes.observerCount == 0)
        #expect(binderB.isBound)
    }

    @Test func overlappingBindersCannotClearEachOthersHandler() {
        let modelA = ZoneModel(choices: [amman, berlin], selectedID: "a")
        let modelB = ZoneModel(choices: [amman, berlin], selectedID: "a")
        let control = ZoneListControl()
        let binderA = ZoneBinder(adapter: ZoneAdapter(model: modelA), control: control)
        let binderB = ZoneBinder(adapter: ZoneAdapter(model: modelB), control: control)
        let ownerB = control.selectionHandlerOwner

        binderA.cancel()
        #expect(control.selectionHandlerOwner == ownerB)
        control.userSelects("b")
        #expect(modelB.changes.value.selectedID == "b")
        #expect(modelA.changes.value.selectedID == "a")

        binderB.cancel()
        #expect(control.selectionHandlerOwner == nil)
    }

    /// Rebinding that is not strictly sequential (the old binder still alive): an update from
    /// the old item never overwrites the new item's rows or status, so the rows shown are
    /// always those of the model that receives the taps.
    @Test func anOldBinderStillAliveNeverOverwritesTheNewItemsRows() {
        let (modelA, modelB) = (ZoneModel(choices: [amman, berlin], selectedID: "a"), ZoneModel(choices: [berlin, cairo], selectedID: "c"))
        let control = ZoneListControl()
        let binders = [modelA, modelB].map { ZoneBinder(adapter: ZoneAdapter(model: $0), control: control) }
        modelA.select("b")
        #expect(control.rows == rows([berlin, cairo], selected: "c"))
        control.userSelects("b")
        #expect(modelB.changes.value == ZoneState.valid([berlin, cairo], selected: "b"))
        #expect(control.rows == rows([berlin, cairo], selected: "b"))
        #expect(binders.allSatisfy { $0.isBound })
    }

    /// The article's plain slot: a handler set on `userSelected` receives taps and rendering
    /// never calls it; setting it takes the control from a binder, which then stops rendering
    /// into it; setting nil removes it.
    @Test func theUserSelectedSlotReceivesTapsAndTakesTheControlFromABinder() {
        let model = ZoneModel(choices: [amman, berlin], selectedID: "a")
        let control = ZoneListControl()
        let binder = ZoneBinder(adapter: ZoneAdapter(model: model), control: control)
        var tapped: [String] = []
        control.userSelected = { tapped.append($0) }
        control.render(rows([amman], selected: "a"))
        #expect(tapped.isEmpty)
        control.userSelects("b")
        #expect(tapped == ["b"])
        #expect(model.changes.value.selectedID == "a")
        model.select("b")
        #expect(control.rows == rows([amman], selected: "a"))
        control.userSelected = nil
        control.userSelects("a")
        #expect(tapped == ["b"])
        #expect(control.selectionHandlerOwner == nil)
        binder.cancel()
    }

    @Test func releasingTheBinderCancelsTheBinding() {
        let model = ZoneModel(choices: [amman, berlin], selectedID: "a")
        let control = ZoneListControl()
        var binder: ZoneBinder? = ZoneBinder(adapter: ZoneAdapter(model: model), control: control)
        #expect(binder?.isBound == true)
        binder = nil
        #expect(model.changes.observerCount == 0)
        #expect(control.selectionHandlerOwner == nil)
        model.select("b")
        #expect(control.rows == rows([amman, berlin], selected: "a"))
    }
}
