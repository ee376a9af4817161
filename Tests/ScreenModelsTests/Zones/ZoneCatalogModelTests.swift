import ScreenModels
import Testing

private let amman = ZoneChoice(id: "a", title: "Amman")
private let berlin = ZoneChoice(id: "b", title: "Berlin")
private let cairo = ZoneChoice(id: "c", title: "Cairo")

private struct GatedZoneService: ZoneCatalogService {
    let gate: Gate<[ZoneChoice]>
    func loadZones() async throws -> [ZoneChoice] { try await gate.enter() }
}

private func rows(_ choices: [ZoneChoice], selected: String) -> [ZoneRow] {
    choices.map { ZoneRow(id: $0.id, text: $0.title, selected: $0.id == selected) }
}

@MainActor
@Suite struct ZoneCatalogModelTests {
    private let gate = Gate<[ZoneChoice]>()
    private func makeCatalog() -> SharedZoneCatalog { SharedZoneCatalog(service: GatedZoneService(gate: gate)) }

    /// Two screens of one shared catalog: A's reload has reached the service, and B's reload
    /// has published loading and joined it (one load started). Returns both reloads' tasks.
    private func twoScreensJoiningOneLoad(
        _ screenA: ZoneCatalogModel, _ screenB: ZoneCatalogModel, of shared: SharedZoneCatalog
    ) async -> (loadA: Task<Void, Never>, loadB: Task<Void, Never>) {
        let loadA = Task { await screenA.reload() }
        await bounded("screen A's service load") { await gate.waitForCalls(1) }
        // B's reload republishes loading and, in the same main-actor turn, joins or starts a load.
        let bReloading = screenB.changes.watchForPublication { $0 == .loading(previous: nil) }
        let loadB = Task { await screenB.reload() }
        await bounded("screen B's reload to publish loading") { await bReloading.wait() }
        #expect(shared.startedLoadCount == 1)
        return (loadA, loadB)
    }

    @Test func loadingThenLoadedWithTheRestoredSelection() async {
        let model = ZoneCatalogModel(catalog: makeCatalog(), restoringSelection: "b")
        let control = ZoneListControl()
        let binder = ZoneBinder(adapter: ZoneAdapter(catalog: model), control: control)
        #expect(model.changes.value == .loading(previous: nil))
        #expect(control.status == .loading)
        #expect(control.rows.isEmpty)

        let load = Task { await model.reload() }
        await gate.waitForCalls(1)
        await gate.release(0, with: .success([amman, berlin]))
        await load.value
        #expect(model.changes.value == .loaded(ZoneState.valid([amman, berlin], selected: "b")))
        #expect(control.status == .ready)
        #expect(control.rows == rows([amman, berlin], selected: "b"))
        binder.cancel()
    }

    @Test func previousSelectionStaysVisibleDuringRefreshAndAfterFailure() async {
        let model = ZoneCatalogModel(catalog: makeCatalog())
        let control = ZoneListControl()
        let binder = ZoneBinder(adapter: ZoneAdapter(catalog: model), control: control)
        let first = Task { await model.reload() }
        await gate.waitForCalls(1)
        await gate.release(0, with: .success([amman, berlin]))
        await first.value
        control.userSelects("b")
        let shown = ZoneState.valid([amman, berlin], selected: "b")
        #expect(model.changes.value == .loaded(shown))

        let second = Task { await model.reload() }
        await gate.waitForCalls(2)
        #expect(model.changes.value == .loading(previous: shown))
        #expect(control.status == .loading)
        #expect(control.rows == rows([amman, berlin], selected: "b"))

        await gate.release(1, with: .failure(GateFailure()))
        await second.value
        #expect(model.changes.value == .failed(.unavailable, previous: shown))
        #expect(control.status == .failed("The zones could not be loaded."))
        #expect(control.rows == rows([amman, berlin], selected: "b"))

        let third = Task { await model.reload() }
        await gate.waitForCalls(3)
        await gate.release(2, with: .success([cairo, berlin]))
        await third.value
        #expect(model.changes.value == .loaded(ZoneState.valid([cairo, berlin], selected: "b")))
        binder.cancel()
    }

    /// Runs `model`'s refresh as the gate's call `call`, cancelled first when `cancelling`,
    /// and completes the service's load with `result`.
    private func refresh(_ model: ZoneCatalogModel, call: Int, cancelling: Bool = false, answering result: Result<[ZoneChoice], any Error>) async {
        let refresh = Task { await model.refresh() }
        await gate.waitForCalls(call + 1)
        if cancelling { refresh.cancel() }
        await gate.release(call, with: result)
        await refresh.value
    }

    /// A refresh cancelled after a failed one puts the failure back with the selection shown,
    /// as the screen was before it: the message is not erased by a load that never finished.
    /// A loaded screen whose refresh is cancelled stays loaded.
    @Test func aCancelledRefreshKeepsTheLastFailureShown() async {
        let model = ZoneCatalogModel(catalog: makeCatalog())
        let control = ZoneListControl()
        let binder = ZoneBinder(adapter: ZoneAdapter(catalog: model), control: control)
        let shown = ZoneState.valid([amman, berlin], selected: "a")
        await refresh(model, call: 0, answering: .success([amman, berlin]))
        await refresh(model, call: 1, answering: .failure(GateFailure()))
        #expect(model.changes.value == .failed(.unavailable, previous: shown))

        await refresh(model, call: 2, cancelling: true, answering: .success([cairo]))
        #expect(model.changes.value == .failed(.unavailable, previous: shown))
        #expect(control.status == .failed("The zones could not be loaded."))
        #expect(control.rows == rows([amman, berlin], selected: "a"))

        await refresh(model, call: 3, answering: .success([amman, berlin]))
        await refresh(model, call: 4, cancelling: true, answering: .success([cairo]))
        #expect(model.changes.value == .loaded(shown))
        binder.cancel()
    }

    @Test(arguments: [
        ([ZoneChoice](), ZoneLoadFailure.noZones),
        ([amman, ZoneChoice(id: "a", title: "Aqaba")], ZoneLoadFailure.duplicateZoneID("a")),
    ])
    func invalidZoneListsAreFailuresNotSelections(choices: [ZoneChoice], failure: ZoneLoadFailure) async {
        let model = ZoneCatalogModel(catalog: makeCatalog())
        let load = Task { await model.reload() }
        await gate.waitForCalls(1)
        await gate.release(0, with: .success(choices))
        await load.value
        #expect(model.changes.value == .failed(failure, previous: nil))
    }

    @Test func staleCompletionIsRejectedWhicheverOrderResultsArrive() async {
        let model = ZoneCatalogModel(catalog: makeCatalog())
        let older = Task { await model.reload() }
        await gate.waitForCalls(1)
        let newer = Task { await model.refresh() }
        await gate.waitForCalls(2)

        await gate.release(1, with: .success([cairo]))
        await newer.value
        #expect(model.changes.value == .loaded(ZoneState.valid([cairo], selected: "c")))
        await gate.release(0, with: .success([amman]))
        await older.value
        #expect(model.changes.value == .loaded(ZoneState.valid([cairo], selected: "c")))

        let olderAgain = Task { await model.reload() }
        await gate.waitForCalls(3)
        let newerAgain = Task { await model.refresh() }
        await gate.waitForCalls(4)
        await gate.release(2, with: .success([amman]))
        await olderAgain.value
        #expect(model.changes.value == .loading(previous: ZoneState.valid([cairo], selected: "c")))
        await gate.release(3, with: .success([berlin, cairo]))
        await newerAgain.value
        #expect(model.changes.value == .loaded(ZoneState.valid([berlin, cairo], selected: "c")))
    }

    @Test func cancellingABinderStopsUIUpdatesButNotTheLoadSharedWithAnotherScreen() async {
        let shared = makeCatalog()
        let screenA = ZoneCatalogModel(catalog: shared)
        let screenB = ZoneCatalogModel(catalog: shared)
        let controlA = ZoneListControl()
        let controlB = ZoneListControl()
        let binderA = ZoneBinder(adapter: ZoneAdapter(catalog: screenA), control: controlA)
        let binderB = ZoneBinder(adapter: ZoneAdapter(catalog: screenB), control: controlB)

        let (loadA, loadB) = await twoScreensJoiningOneLoad(screenA, screenB, of: shared)
        binderA.cancel()
        await gate.release(0, with: .success([amman, berlin]))
        await bounded("screen A's reload") { await loadA.value }
        await bounded("screen B's reload, which joined A's load") { await loadB.value }

        let loaded = ZoneLoadState.loaded(ZoneState.valid([amman, berlin], selected: "a"))
        #expect(screenA.changes.value == loaded)
        #expect(screenB.changes.value == loaded)
        #expect(controlA.status == .loading)
        #expect(controlA.rows.isEmpty)
        #expect(controlB.status == .ready)
        #expect(controlB.rows == rows([amman, berlin], selected: "a"))
        #expect(await gate.calls == 1)
        binderB.cancel()
    }

    @Test func cancellingOneScreensLoadDoesNotCancelTheSharedLoad() async {
        let shared = makeCatalog()
        let screenA = ZoneCatalogModel(catalog: shared)
        let screenB = ZoneCatalogModel(catalog: shared)
        let (loadA, loadB) = await twoScreensJoiningOneLoad(screenA, screenB, of: shared)
        loadA.cancel()
        await gate.release(0, with: .success([amman]))
        await bounded("screen A's cancelled reload") { await loadA.value }
        await bounded("screen B's reload, which joined A's load") { await loadB.value }
        #expect(screenA.changes.value == .failed(.cancelled, previous: nil))
        #expect(screenB.changes.value == .loaded(ZoneState.valid([amman], selected: "a")))
        #expect(shared.startedLoadCount == 1)
    }
}
