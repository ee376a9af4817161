import Foundation
import StateRestore
import StateRestoreTesting
import StateStore
import TestSupport
import Testing

/// Stale state: a kind that declares how long its state stays meaningful starts fresh from an
/// older record, which stays in place until the next save.
@Suite struct ExpiryTests {
    /// A route that means nothing after a day.
    struct RouteState: RestorableState {
        static let kind = "route"
        static let currentVersion = 1
        static let defaultValue = RouteState(destination: nil)
        static let expiresAfter: Duration? = .seconds(86_400)
        var destination: String?
    }

    let file: StateFile
    let key: SceneKey

    init() throws {
        file = try StateFile()
        key = try SceneKey(scene: "map")
    }

    private func store(savedSecondsAgo age: Double) throws {
        let store = try Store(path: file.path, migrator: StateMigrations.makeMigrator())
        defer { store.close() }
        try store.saveRecord(#"{"version":1,"destination":"Lisbon"}"#, version: 1, account: key.account, scene: key.scene, kind: RouteState.kind, at: Store.now() - age)
    }

    @Test func anExpiredRecordRestoresAsTheDefaultAndStaysInPlace() throws {
        try store(savedSecondsAgo: 2 * 86_400)
        let restorer = StateRestorer(path: file.path)
        defer { try? restorer.close() }
        let restored = restorer.restore(RouteState.self, key)
        #expect(restored.state == RouteState.defaultValue)
        #expect(restored.report.map(\.code) == [.recordExpired])
        let stored = try #require(try restorer.withStore { store, _ in try store?.record(account: key.account, scene: key.scene, kind: RouteState.kind) })
        #expect(String(decoding: stored.payload, as: UTF8.self) == #"{"version":1,"destination":"Lisbon"}"#)
    }

    /// A portable send reads the record as a launch does: an expired one is no state to send
    /// (it was sent, and landed on the other device as current).
    @Test func anExpiredRecordIsNotSentToAnotherDevice() throws {
        try store(savedSecondsAgo: 2 * 86_400)
        let restorer = StateRestorer(path: file.path)
        defer { try? restorer.close() }
        restorer.configurePortable(
            PortableConfiguration(slotKey: Array("the route app's slot key, 32 byt".utf8), deviceID: "phone", appBuild: "1", store: UbiquitousStoreDouble()))
        #expect(throws: RestoreError.portableUnavailable("scene \"map\"'s stored route record has expired; nothing was sent")) {
            _ = try restorer.portable(RouteState.self, for: key)
        }
        try store(savedSecondsAgo: 3_600)
        #expect(try restorer.portable(RouteState.self, for: key).count > 0)
    }

    @Test func aRecordWithinItsLifetimeRestores() throws {
        try store(savedSecondsAgo: 3_600)
        let restorer = StateRestorer(path: file.path)
        defer { try? restorer.close() }
        let restored = restorer.restore(RouteState.self, key)
        #expect(restored.state.destination == "Lisbon" && restored.report.isEmpty)
        restorer.completeRestore(restored)
    }

    /// `check` and the kind's condition read the record as a launch does: expired, a note and
    /// not a problem (nothing a launch would quarantine), never counted as decoded.
    @Test func checkNotesAnExpiredRecordAsTheLaunchReadsIt() throws {
        try store(savedSecondsAgo: 2 * 86_400)
        let check = try DatabaseCheck.run(file.path, kinds: [RecordKind(RouteState.self)])
        #expect(check.isHealthy, "\(check.problems)")
        #expect(check.recordsExpired == 1 && check.recordsDecoded == 0 && check.recordsUnreadable == 0)
        #expect(check.notes.count == 1 && check.notes[0].hasPrefix(#"route record of scene "map" of account "default": saved "#), "\(check.notes)")
        let stored = try file.reading { try $0.record(account: "default", scene: "map", kind: RouteState.kind) }
        let condition = try RecordKind(RouteState.self).condition(of: #require(stored))
        #expect(condition.status == "expired" && !condition.isProblem, "\(condition)")
    }

    @Test func checkDecodesARecordWithinItsLifetime() throws {
        try store(savedSecondsAgo: 3_600)
        let check = try DatabaseCheck.run(file.path, kinds: [RecordKind(RouteState.self)])
        #expect(check.isHealthy && check.recordsDecoded == 1 && check.recordsExpired == 0 && check.notes.isEmpty, "\(check)")
    }
}
