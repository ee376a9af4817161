import Foundation
import StateRestore
import StateRestoreTesting
import StateStore
import TestSupport
import Testing

/// An app's test of what its restorer counted (``RestoreStatistics``) and what its handler
/// received (``RestoreEvent``): one of each restore and save outcome it can reach, on a real file.
@MainActor
@Suite struct RestoreStatisticsTests {
    static let account = "account-zebra-7"
    static let secret = "payload-quokka"

    let stateFile: StateFile
    let received = Locked([RestoreEvent]())
    let events: RestoreEventHandler

    init() throws {
        stateFile = try StateFile()
        events = RestoreEventHandler(hashKey: Array("test key".utf8)) { [received] event in received.withLock { $0.append(event) } }
    }

    private func key(_ scene: String) throws -> SceneKey { try SceneKey(scene: scene, account: Self.account) }

    /// Stores `payload` for `scene` as it is, `age` seconds old.
    private func seed(_ records: [(scene: String, payload: String, version: Int, minReader: Int?)], expiredScene: String) throws {
        let store = try Store(path: stateFile.path, migrator: StateMigrations.makeMigrator())
        defer { store.close() }
        for record in records {
            try store.saveRecord(record.payload, version: record.version, minReaderVersion: record.minReader, account: Self.account, scene: record.scene, kind: DiaryState.kind)
        }
        let expired = #"{"version":2,"page":1,"note":"\#(Self.secret)"}"#
        try store.saveRecord(expired, version: 2, account: Self.account, scene: expiredScene, kind: DiaryState.kind, at: Store.now() - 2 * 86_400)
    }

    /// The event list so far, emptied.
    private func takeEvents() -> [RestoreEvent] {
        received.withLock { events in
            defer { events = [] }
            return events
        }
    }

    @Test func eachRestoreOutcomeIsCountedOnceAndDeliveredAsAnEvent() throws {
        let exact = #"{"version":2,"page":2,"note":"\#(Self.secret)"}"#
        let stored: [(scene: String, payload: String, version: Int, minReader: Int?)] = [
            ("scene-crashed", exact, 2, nil), ("scene-exact", exact, 2, nil),
            ("scene-adjusted", #"{"version":2,"page":50,"note":"\#(Self.secret)"}"#, 2, nil),
            ("scene-upgraded", #"{"version":1,"pageNumber":50,"note":"\#(Self.secret)"}"#, 1, nil),
            ("scene-newer-read", #"{"version":3,"minReaderVersion":2,"page":3,"note":"\#(Self.secret)","ink":"blue"}"#, 3, 2),
            ("scene-newer", #"{"version":5,"minReaderVersion":5,"page":3}"#, 5, 5),
            ("scene-damaged", #"{"version":2,"page":"\#(Self.secret)"}"#, 2, nil),
        ]
        try seed(stored, expiredScene: "scene-expired")
        let bytes = { (scene: String) in stored.first { $0.scene == scene }?.payload.utf8.count ?? 0 }
        // A launch before this one was killed while applying scene-crashed's record.
        try LaunchGuardFile.leaveMarksOfAKilledProcess(beside: stateFile.path, [LaunchGuardMark(account: Self.account, scene: "scene-crashed", kind: DiaryState.kind)])

        let restorer = StateRestorer(path: stateFile.path, events: events)
        let expected: [(scene: String, outcome: RestoreOutcome, codes: [RestoreCode], bytes: Int)] = [
            ("scene-crashed", .crashed, [.restoreCrashed], 0),
            ("scene-exact", .exact, [], bytes("scene-exact")),
            ("scene-adjusted", .adjusted, [RestoreCode("page-clamped")], bytes("scene-adjusted")),
            // Upgraded and reconciled: the upgrade decides (RestoreOutcome's precedence).
            ("scene-upgraded", .upgraded, [.recordUpgraded, RestoreCode("page-clamped")], bytes("scene-upgraded")),
            ("scene-newer-read", .newerRead, [.recordNewerRead], bytes("scene-newer-read")),
            ("scene-newer", .newerUnreadable, [.unsupportedVersion], bytes("scene-newer")),
            ("scene-expired", .expired, [.recordExpired], exact.utf8.count),
            ("scene-damaged", .quarantined, [.recordUnreadable], bytes("scene-damaged")),
            ("scene-none", .noRecord, [.noRecord], bytes("scene-none")),
        ]
        for entry in expected {
            let restored = restorer.restore(DiaryState.self, try key(entry.scene), against: 10)
            #expect(restored.report.map(\.code) == entry.codes, "\(entry.scene): \(restored.report)")
            restorer.completeRestore(restored)
        }
        try restorer.close()
        let closed = restorer.restore(DiaryState.self, try key("scene-exact"), against: 10)
        #expect(closed.report.map(\.code) == [.databaseUnavailable])

        let delivered = takeEvents()
        #expect(delivered.map(\.restoreOutcome) == (expected.map(\.outcome) + [.unavailable]).map(Optional.some))
        #expect(delivered.map(\.codes) == expected.map(\.codes) + [[.databaseUnavailable]])
        #expect(delivered.map(\.sceneHash) == (expected.map(\.scene) + ["scene-exact"]).map(events.hash))
        #expect(delivered.allSatisfy { $0.kind == DiaryState.kind && $0.accountHash == events.hash(Self.account) && $0.message == nil })
        #expect(delivered.map(\.bytes) == expected.map(\.bytes) + [0])

        let diary = restorer.statistics[kind: DiaryState.kind]
        for outcome in RestoreOutcome.allCases {
            #expect(diary[outcome].count == 1, "\(outcome): \(diary)")
        }
        #expect(diary[.exact].bytes == exact.utf8.count)
        #expect(diary.restoreTotal.bytes == expected.map(\.bytes).reduce(0, +))
        #expect(diary.restoreTotal.maxDuration > .zero && diary.restoreTotal.maxDuration <= diary.restoreTotal.totalDuration)
        #expect(diary.saveTotal.count == 0 && diary.saves.isEmpty)
        #expect(restorer.statistics.kinds.keys.sorted() == [DiaryState.kind])
        Self.expectNoNameNorPayload(in: delivered)
    }

    @Test func eachSaveOutcomeIsCountedOnceAndDeliveredAsAnEvent() throws {
        try seed([("scene-newer", #"{"version":5,"minReaderVersion":5,"page":3}"#, 5, 5)], expiredScene: "scene-old")
        let windows = ManualWriteScheduler()
        let restorer = StateRestorer(path: stateFile.path, scheduler: windows, events: events)

        // By hand: written, written over the default budget, refused for each reason it can be.
        try restorer.save(DiaryState(page: 2, note: Self.secret), for: try key("scene-hand"))
        try restorer.save(DiaryState(page: 2, note: String(repeating: "q", count: 300_000)), for: try key("scene-big"))
        #expect(throws: RestoreError.self) { try restorer.save(DiaryState(page: 2, note: Self.secret), for: try key("scene-newer")) }
        #expect(throws: (any Error).self) { try restorer.save(DiaryState(page: 2, note: String(repeating: "q", count: 1_100_000)), for: try key("scene-huge")) }
        #expect(throws: RestoreError.self) { try restorer.save(PostcardState(text: String(repeating: Self.secret, count: 20), zoom: 1), for: try key("scene-card")) }
        #expect(throws: RestoreError.self) { try restorer.save(PostcardState(text: Self.secret, zoom: .nan), for: try key("scene-card")) }

        // Persisted: two changes in one window, the first coalesced away.
        let restored = restorer.restore(ReaderState.self, try key("scene-reader"))
        let model = ReaderModel(restored.state)
        let turns = ManualTurnScheduler()
        let tracking = restorer.persist(model, from: restored, turns: turns)
        for page in [2, 3] {
            model.page = page
            _ = turns.runPendingTurns()
        }
        windows.fireAll()
        #expect(restorer.unwrittenSaves.isEmpty)
        // A change still pending when its window is closed for good: dropped with the scene.
        model.page = 4
        _ = turns.runPendingTurns()
        tracking.cancel()
        #expect(try restorer.discard([try key("scene-reader")]) == 1)

        // Signed out (by another restorer of the file) after its restore: the save is dropped.
        let signedOut = restorer.restore(DiaryState.self, try SceneKey(scene: "scene-gone", account: "account-yak-3"), against: 10)
        let other = StateRestorer(path: stateFile.path)
        _ = try other.signOut(account: "account-yak-3")
        try other.close()
        #expect(throws: (any Error).self) { try restorer.save(DiaryState(page: 4, note: Self.secret), for: signedOut.key) }
        try restorer.close()
        #expect(throws: (any Error).self) { try restorer.save(DiaryState(page: 5, note: Self.secret), for: try key("scene-hand")) }

        let saves = takeEvents().filter { $0.saveOutcome != nil }
        let expected: [(kind: String, scene: String, outcome: SaveOutcome)] = [
            ("diary", "scene-hand", .written), ("diary", "scene-big", .writtenOversized), ("diary", "scene-newer", .newerRecordKept),
            ("diary", "scene-huge", .recordTooLarge), ("postcard", "scene-card", .overBudget), ("postcard", "scene-card", .invalidState),
            ("reader", "scene-reader", .coalescedAway), ("reader", "scene-reader", .written), ("reader", "scene-reader", .discarded),
            ("diary", "scene-gone", .accountSignedOut),
            ("diary", "scene-hand", .failed),
        ]
        #expect(saves.map(\.saveOutcome) == expected.map { Optional($0.outcome) })
        #expect(saves.map(\.kind) == expected.map(\.kind))
        #expect(saves.map(\.sceneHash) == expected.map { events.hash($0.scene) })
        #expect(saves.allSatisfy { $0.codes.isEmpty && $0.message == nil })
        let written = try Store(readingExistingFileAt: stateFile.path)
        defer { written.close() }
        let hand = try #require(try written.record(account: Self.account, scene: "scene-hand", kind: DiaryState.kind))
        #expect(saves[0].bytes == hand.payload.count && saves[1].bytes > 300_000)
        #expect(saves.filter { $0.saveOutcome?.isWritten != true }.allSatisfy { $0.bytes == 0 })

        let statistics = restorer.statistics
        #expect(statistics[kind: "diary"].saves.mapValues(\.count) == [.written: 1, .writtenOversized: 1, .newerRecordKept: 1, .recordTooLarge: 1, .accountSignedOut: 1, .failed: 1])
        #expect(statistics[kind: "postcard"].saves.mapValues(\.count) == [.overBudget: 1, .invalidState: 1])
        #expect(statistics[kind: "reader"].saves.mapValues(\.count) == [.coalescedAway: 1, .written: 1, .discarded: 1])
        #expect(statistics[kind: "reader"][.noRecord].count == 1)
        #expect(statistics[kind: "diary"][.written].maxDuration > .zero)
        Self.expectNoNameNorPayload(in: saves)
    }

    @Test func twoRestorersInParallelEachReceiveOnlyTheirOwnEvents() async throws {
        let paths = [stateFile.path("one.sqlite"), stateFile.path("two.sqlite")]
        let counts = await withTaskGroup(of: (Int, [RestoreEvent]).self) { group in
            for (index, path) in paths.enumerated() {
                group.addTask {
                    let received = Locked([RestoreEvent]())
                    let restorer = StateRestorer(path: path, events: RestoreEventHandler(hashKey: [1, 2, 3]) { event in received.withLock { $0.append(event) } })
                    for round in 0..<20 {
                        let key = try! SceneKey(scene: "scene-\(index)")
                        _ = restorer.restore(ReaderState.self, key)
                        try? restorer.save(ReaderState(page: round, fontSize: 1), for: key)
                    }
                    try? restorer.close()
                    return (index, received.withLock { $0 })
                }
            }
            var counts: [Int: [RestoreEvent]] = [:]
            for await (index, events) in group { counts[index] = events }
            return counts
        }
        let hashes = RestoreEventHandler(hashKey: [1, 2, 3]) { _ in }
        for index in 0..<2 {
            let own = counts[index] ?? []
            #expect(own.count == 40)
            #expect(own.allSatisfy { $0.sceneHash == hashes.hash("scene-\(index)") }, "restorer \(index) received another's events")
        }
    }

    @Test func aGivenHashKeyNamesAScreenAlikeAcrossRestorersAndTheDefaultKeyDoesNot() throws {
        let given = [RestoreEventHandler(hashKey: [7, 7]) { _ in }, RestoreEventHandler(hashKey: [7, 7]) { _ in }]
        let random = [RestoreEventHandler { _ in }, RestoreEventHandler { _ in }]
        #expect(given[0].hash("scene-a") == given[1].hash("scene-a") && given[0].hash("scene-a").count == 16)
        #expect(given[0].hash("scene-a") != given[0].hash("scene-b"))
        #expect(random[0].hash("scene-a") != random[1].hash("scene-a"))
    }

    /// No event's description or fields hold an account or scene name, nor a byte of a state.
    static func expectNoNameNorPayload(in events: [RestoreEvent]) {
        for event in events {
            var texts = [String(describing: event), String(reflecting: event)]
            texts += Mirror(reflecting: event).children.map { String(describing: $0.value) }
            for text in texts {
                #expect(!text.contains(account) && !text.contains("account-yak") && !text.contains("scene-") && !text.contains(secret) && !text.contains("qqqq"), "\(text)")
            }
        }
    }

    /// Two spellings of one name (`café` composed and decomposed) are two scenes, and their
    /// events carry two hashes, whichever is hashed first: the cache of hashes was keyed by
    /// Swift strings, which call the two equal, so the second got the first's hash.
    @Test func twoSpellingsOfOneNameGetTwoHashes() throws {
        let handler = RestoreEventHandler(hashKey: [1, 2, 3]) { _ in }
        let fresh = RestoreEventHandler(hashKey: [1, 2, 3]) { _ in }
        #expect(handler.hash("caf\u{E9}") == fresh.hash("caf\u{E9}"))
        #expect(handler.hash("cafe\u{301}") != handler.hash("caf\u{E9}"))
        #expect(handler.hash("cafe\u{301}") == RestoreEventHandler(hashKey: [1, 2, 3]) { _ in }.hash("cafe\u{301}"))
    }
}
