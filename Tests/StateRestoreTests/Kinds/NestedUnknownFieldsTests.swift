import Foundation
import JSON
import StateRestore
import StateRestoreTesting
import StateStore
import TestSupport
import Testing

/// Fields this build does not know are carried at every object depth and written back in
/// place (the protobuf rule); a record read through its `minReaderVersion` is written back as
/// its own format; "known" comes from the kind's shape, so an optional the person cleared
/// stays cleared. The issue's reproduction: a v4 inbox record read by the v3 build.
@MainActor
@Suite struct NestedUnknownFieldsTests {
    /// The v3 build's kind: format 4 added `filters.hasAttachment` and a top-level `density`.
    struct InboxState: RestorableState {
        struct Filters: Codable, Equatable, Sendable {
            var unreadOnly: Bool
            var flaggedOnly: Bool
        }
        static let kind = "inbox"
        static let currentVersion = 3
        static let defaultValue = InboxState(filters: Filters(unreadOnly: false, flaggedOnly: false), label: nil, recent: [])
        var filters: Filters
        var label: String?
        var recent: [Filters]
    }

    static let newer =
        #"{"version":4,"minReaderVersion":3,"filters":{"unreadOnly":true,"flaggedOnly":false,"hasAttachment":true},"label":"work","recent":[{"unreadOnly":true,"flaggedOnly":true,"hasAttachment":false}],"density":"compact"}"#

    let file: StateFile
    let key: SceneKey

    init() throws {
        file = try StateFile()
        key = try SceneKey(scene: "main")
    }

    private func store(_ payload: String, version: Int, minReaderVersion: Int?) throws {
        let store = try Store(path: file.path, migrator: StateMigrations.makeMigrator())
        defer { store.close() }
        try store.saveRecord(payload, version: version, minReaderVersion: minReaderVersion, account: key.account, scene: key.scene, kind: InboxState.kind)
    }

    private func stored() throws -> (record: JSONObject, version: Int, minReaderVersion: Int?) {
        let store = try Store(readingExistingFileAt: file.path)
        defer { store.close() }
        let record = try #require(try store.record(account: key.account, scene: key.scene, kind: InboxState.kind))
        guard case .object(let object) = try JSONValue.parse(record.payload) else { throw RestoreError.notAnObject(got: "other") }
        return (object, record.version, record.minReaderVersion)
    }

    @Test func aNewerRecordKeepsItsNestedFieldsAndItsVersionThroughAnOlderBuildsSave() throws {
        try store(Self.newer, version: 4, minReaderVersion: 3)
        let restorer = StateRestorer(path: file.path)
        defer { try? restorer.close() }
        let restored = restorer.restore(InboxState.self, key)
        #expect(restored.reports(.recordNewerRead), "\(restored.report)")
        var state = restored.state
        state.filters.flaggedOnly = true
        try restorer.save(state, for: key)

        let (record, version, minimum) = try stored()
        #expect(version == 4 && minimum == 3, "the version is never lowered")
        #expect(record["version"] == 4 && record["minReaderVersion"] == 3)
        #expect(record["filters"] == ["unreadOnly": true, "flaggedOnly": true, "hasAttachment": true], "the known field is updated, the unknown one kept in place")
        #expect(record["density"] == "compact")
        // Arrays are taken whole: their elements are this build's.
        #expect(record["recent"] == [["unreadOnly": true, "flaggedOnly": true]])
    }

    @Test func aPersistedChangeKeepsTheNestedFieldsToo() throws {
        try store(Self.newer, version: 4, minReaderVersion: 3)
        let restorer = StateRestorer(path: file.path, scheduler: ManualWriteScheduler())
        defer { try? restorer.close() }
        let restored = restorer.restore(InboxState.self, key)
        var state = restored.state
        let tracking = restorer.persist(from: restored, turns: ManualTurnScheduler()) { state }
        state.label = "home"
        tracking.saveCurrentState()
        #expect(try restorer.flush().isEmpty)
        withExtendedLifetime(tracking) {}
        let (record, version, _) = try stored()
        #expect(version == 4 && record["label"] == "home")
        #expect(record["filters"] == ["unreadOnly": true, "flaggedOnly": false, "hasAttachment": true])
    }

    @Test func anOptionalThePersonClearedStaysCleared() throws {
        try store(#"{"version":3,"filters":{"unreadOnly":false,"flaggedOnly":false,"pinned":true},"label":"work","recent":[]}"#, version: 3, minReaderVersion: nil)
        let restorer = StateRestorer(path: file.path)
        defer { try? restorer.close() }
        var state = restorer.restore(InboxState.self, key).state
        #expect(state.label == "work")
        state.label = nil
        try restorer.save(state, for: key)
        let (record, version, _) = try stored()
        #expect(version == 3)
        #expect(record["label"] == .null, "a cleared optional is not brought back from the stored record")
        #expect(record["filters"] == ["unreadOnly": false, "flaggedOnly": false, "pinned": true])
    }
}
