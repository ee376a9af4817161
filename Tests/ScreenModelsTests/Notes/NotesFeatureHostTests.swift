import Observation
import ScreenModels
import Testing

private let aliceNote = Note(id: 1, title: "Alice's plan")
private let bobNote = Note(id: 2, title: "Bob's list")

@MainActor
@Suite struct NotesFeatureHostTests {
    private let alice = Gate<[Note]>()
    private let bob = Gate<[Note]>()

    private func makeHost(restoredQuery: String = "") -> NotesFeatureHost<String> {
        let gates = ["alice": alice, "bob": bob]
        return NotesFeatureHost(identity: "alice", restoredQuery: restoredQuery) { account in
            GatedNotesLoader(gate: gates[account] ?? Gate())
        }
    }

    @Test func constructionRestoresTheQueryAndSelectionAndStartsNoWork() async {
        let host = NotesFeatureHost(identity: "alice", restoredQuery: "plan", restoredSelectedNoteID: 1) { _ in
            NoLoadExpected(context: "from constructing the host")
        }
        let log = ChangeLog.observing("model changed") { _ = (host.model.notes, host.model.isLoading, host.model.message) }
        // Any task construction spawned runs before this returns; a load would change the model
        // (reload sets isLoading first) and call the loader, which fails the test.
        await drainMainActor()
        #expect(log.recorded.isEmpty)
        #expect(host.identity == "alice")
        #expect(host.model.query == "plan")
        #expect(host.model.selectedNoteID == 1)
        #expect(!host.model.isLoading)
    }

    @Test func appearingLoadsOnceAndTheRestoredQueryFiltersTheResult() async {
        let host = makeHost(restoredQuery: "PLAN")
        let task = host.appear()
        #expect(host.appear() == task)
        await alice.waitForCalls(1)
        await alice.release(0, with: .success([aliceNote, Note(id: 3, title: "Groceries")]))
        await task.value
        #expect(host.model.visibleNotes == [aliceNote])
        #expect(await alice.calls == 1)
    }

    /// An appearance is a trigger, not a cache policy: by default notes loaded once stay for the
    /// session, so appearing again fetches nothing; after a failed load, or with
    /// `.everyAppearance`, it loads again.
    @Test func reappearingKeepsFreshNotesForTheSessionAndLoadsAgainOnlyWhenStale() async {
        let host = makeHost()
        let first = host.appear()
        await alice.waitForCalls(1)
        await alice.release(0, with: .success([aliceNote]))
        await first.value
        host.disappear()
        await host.appear().value
        #expect(await alice.calls == 1)
        #expect(host.model.notes == [aliceNote])

        // An explicit refresh still loads; once it failed, the next appearance loads again.
        let refresh = Task { await host.model.reload() }
        await alice.waitForCalls(2)
        await alice.release(1, with: .failure(GateFailure()))
        await refresh.value
        host.disappear()
        let again = host.appear()
        await alice.waitForCalls(3)
        await alice.release(2, with: .success([aliceNote]))
        await again.value
        #expect(host.model.message == nil)

        let eager = NotesFeatureHost(identity: "bob", freshness: .everyAppearance) { [bob] _ in GatedNotesLoader(gate: bob) }
        for call in 0..<2 {
            let task = eager.appear()
            await bob.waitForCalls(call + 1)
            await bob.release(call, with: .success([bobNote]))
            await task.value
            eager.disappear()
        }
        #expect(await bob.calls == 2)
    }

    @Test func disappearingCancelsTheLoadSoItNeverPublishes() async {
        let host = makeHost()
        let task = host.appear()
        await alice.waitForCalls(1)
        host.disappear()
        await alice.release(0, with: .success([aliceNote]))
        await task.value
        #expect(host.model.notes.isEmpty)
        #expect(!host.model.isLoading)
        #expect(host.model.message == nil)
    }

    @Test func showingTheSameIdentityKeepsTheModelAndItsQuery() {
        let host = makeHost()
        let model = host.model
        model.query = "kept"
        #expect(host.show("alice") == nil)
        #expect(host.model === model)
        #expect(host.model.query == "kept")
    }

    @Test(arguments: [true, false])
    func accountSwitchDuringALoadReplacesTheModelAndTheOldTaskNeverPublishes(oldResultFirst: Bool) async throws {
        let host = makeHost(restoredQuery: "plan")
        let aliceTask = host.appear()
        await alice.waitForCalls(1)
        let aliceModel = host.model

        let bobTask = try #require(host.show("bob"))
        let bobModel = host.model
        #expect(bobModel !== aliceModel)
        #expect(host.identity == "bob")
        #expect(bobModel.query == "")
        await bob.waitForCalls(1)

        if oldResultFirst {
            await alice.release(0, with: .success([aliceNote]))
            await aliceTask.value
            #expect(bobModel.notes.isEmpty && bobModel.isLoading)
            await bob.release(0, with: .success([bobNote]))
            await bobTask.value
        } else {
            await bob.release(0, with: .success([bobNote]))
            await bobTask.value
            await alice.release(0, with: .success([aliceNote]))
            await aliceTask.value
        }
        #expect(host.model === bobModel)
        #expect(bobModel.notes == [bobNote])
        #expect(!bobModel.isLoading && bobModel.message == nil)
        #expect(aliceModel.notes.isEmpty)
        #expect(!aliceModel.isLoading && aliceModel.message == nil)
    }

    @Test func accountSwitchWhileHiddenStartsNoWorkUntilAppearing() async {
        let host = makeHost()
        #expect(host.show("bob") == nil)
        let log = ChangeLog.observing("bob's model started loading") { _ = host.model.isLoading }
        await drainMainActor()
        #expect(log.recorded.isEmpty)
        #expect(await bob.calls == 0)

        let task = host.appear()
        await bounded("bob's load to start") { await bob.waitForCalls(1) }
        #expect(log.recorded == ["bob's model started loading"])
        await bob.release(0, with: .success([bobNote]))
        await bounded("bob's load") { await task.value }
        #expect(host.model.notes == [bobNote])
    }

    @Test func accountSwitchInvalidatesObserversOfTheOwnedModel() {
        let host = makeHost()
        let log = ChangeLog.observing("model") { _ = host.model }
        host.show("alice")
        #expect(log.recorded.isEmpty)
        host.show("bob")
        #expect(log.recorded == ["model"])
    }
}
