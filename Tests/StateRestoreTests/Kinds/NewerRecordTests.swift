import Foundation
import StateRestore
import StateRestoreTesting
import StateStore
import TestSupport
import Testing

/// A record of a newer format is never displaced by this build: one that says this build may
/// read it but does not decode (an enum value this build does not know) stays in its slot,
/// through a restore, a hand save and a persisted change, unless the app asks to replace it.
@MainActor
@Suite struct NewerRecordTests {
    /// An app kind at format 3, whose format 4 sorts by thread too.
    struct InboxState: RestorableState {
        enum Sort: String, Codable { case date, sender }
        static let kind = "inbox"
        static let currentVersion = 3
        static let defaultValue = InboxState(sort: .date, unreadOnly: false)
        var sort: Sort
        var unreadOnly: Bool
    }

    /// A kind whose name breaks the kind-name rules.
    struct BadlyNamedState: RestorableState {
        static let kind = "Inbox_V2"
        static let currentVersion = 1
        static let defaultValue = BadlyNamedState(page: 1)
        var page: Int
    }

    static let newer = #"{"version":4,"minReaderVersion":3,"sort":"thread","unreadOnly":true}"#

    let file: StateFile
    let key: SceneKey

    init() throws {
        file = try StateFile()
        key = try SceneKey(scene: "inbox")
        let store = try Store(path: file.path, migrator: StateMigrations.makeMigrator())
        defer { store.close() }
        try store.saveRecord(Self.newer, version: 4, minReaderVersion: 3, account: key.account, scene: key.scene, kind: InboxState.kind)
    }

    private func storedPayload() throws -> String? {
        let store = try Store(readingExistingFileAt: file.path)
        defer { store.close() }
        return try store.record(account: key.account, scene: key.scene, kind: InboxState.kind).map { String(decoding: $0.payload, as: UTF8.self) }
    }

    @Test func anUndecodableNewerRecordStaysInItsSlotThroughARestoreAndSaves() throws {
        let restorer = StateRestorer(path: file.path, scheduler: ManualWriteScheduler())
        let restored = restorer.restore(InboxState.self, key)
        #expect(restored.report.map(\.code) == [.recordNewerUnreadable])
        #expect(restored.state == InboxState.defaultValue)
        #expect(try storedPayload() == Self.newer)

        // A hand save of this build does not replace it.
        #expect(throws: RestoreError.self) { try restorer.save(InboxState(sort: .sender, unreadOnly: false), for: key) }
        #expect(try storedPayload() == Self.newer)

        // Nor does a persisted change.
        var state = restored.state
        let turns = ManualTurnScheduler()
        let tracking = restorer.persist(from: restored, turns: turns) { state }
        state.unreadOnly = true
        tracking.saveCurrentState()
        #expect(try restorer.flush() == [key])
        #expect(restorer.unwrittenSaves.map(\.reason) == [.newerRecordKept(version: 4)], "\(restorer.unwrittenSaves)")
        #expect(try storedPayload() == Self.newer)
        try restorer.close()

        // The next launch finds it as it was, still not quarantined.
        let next = StateRestorer(path: file.path)
        defer { try? next.close() }
        #expect(next.restore(InboxState.self, key).report.map(\.code) == [.recordNewerUnreadable])
        #expect(try next.withStore { store, _ in try store?.quarantinedRecords().isEmpty } == true)
    }

    @Test func anAppThatAsksReplacesIt() throws {
        let restorer = StateRestorer(path: file.path)
        defer { try? restorer.close() }
        _ = restorer.restore(InboxState.self, key)
        try restorer.save(InboxState(sort: .sender, unreadOnly: false), for: key, replacingNewer: true)
        #expect(try storedPayload() == #"{"version":3,"sort":"sender","unreadOnly":false}"#)
    }

    @Test func anInvalidKindNameIsReportedAtTheFirstRestore() throws {
        let restorer = StateRestorer(path: file.path)
        defer { try? restorer.close() }
        let restored = restorer.restore(BadlyNamedState.self, key)
        #expect(restored.report.map(\.code) == [.kindInvalid, .noRecord])
        #expect(restored.report[0].detail.contains("Inbox_V2"))
    }
}
