import Foundation
import ScreenKinds
import StateRestore
import StateStore
import TestSupport
import Testing

/// A record a restore cannot read moves to the quarantine; when the storage refuses the move
/// (another connection's write lock, a read-only file system), the record stays where it was
/// for the next launch to move, the report says so, and the screen keeps what its restore read:
/// a discard after it fences the screen's saves as after any restore (model sequence
/// `Fixtures/sequences/a-restore-whose-quarantine-a-full-disk-refused-still-fences-a-later-discard.txt`).
@Suite struct RefusedQuarantineTests {
    let key: SceneKey
    let unreadable = #"{"version":1,"query":"#

    init() throws {
        key = try SceneKey(scene: "w1", account: "alice")
    }

    private func storeUnreadable(at path: String) throws {
        let store = try Store(path: path, migrator: StateMigrations.makeMigrator())
        defer { store.close() }
        try store.saveRecord(unreadable, version: 1, account: key.account, scene: key.scene, kind: NotesState.kind)
    }

    private static func storedPayload(of key: SceneKey, at path: String) throws -> Data? {
        let store = try Store(readingExistingFileAt: path)
        defer { store.close() }
        return try store.record(account: key.account, scene: key.scene, kind: NotesState.kind)?.payload
    }

    private static func quarantined(at path: String) throws -> [QuarantinedRecord] {
        let store = try Store(readingExistingFileAt: path)
        defer { store.close() }
        return try store.quarantinedRecords()
    }

    /// A launch budget short enough that a restore gives up on a held lock at once.
    private static var shortBudget: DatabaseConfiguration {
        var configuration = DatabaseConfiguration()
        configuration.launchBudgetMilliseconds = 50
        return configuration
    }

    /// `restorer`'s restore of the scene while another connection holds the write lock.
    private func restoreUnderAnotherConnectionsWriteLock(_ restorer: StateRestorer, at path: String) throws -> Restoration<NotesState> {
        let holder = try Store(path: path, migrator: StateMigrations.makeMigrator())
        defer { holder.close() }
        return try holder.writeTransaction { restorer.restore(NotesState.self, key, against: []) }
    }

    /// The restore's entry for the record: unreadable, kept in place, and why.
    private static func keptInPlace(_ report: [RestoreReportEntry]) -> Bool {
        report.contains { $0.code == .recordUnreadable && $0.detail.contains("could not be moved to the quarantine") && $0.detail.contains("stays in place") }
    }

    @Test func aMoveAnotherConnectionsLockRefusesLeavesTheRecordAndStillFencesALaterDiscard() throws {
        let file = try StateFile()
        try storeUnreadable(at: file.path)
        let app = StateRestorer(path: file.path, configuration: Self.shortBudget)
        defer { try? app.close() }
        let restored = try restoreUnderAnotherConnectionsWriteLock(app, at: file.path)
        #expect(restored.state == NotesState.defaultValue)
        #expect(Self.keptInPlace(restored.report), "\(restored.report)")
        #expect(!restored.reports(.databaseUnavailable) && !restored.reports(.databaseBusy), "\(restored.report)")
        #expect(try Self.storedPayload(of: key, at: file.path) == Data(unreadable.utf8))
        #expect(try Self.quarantined(at: file.path).isEmpty)

        // The scene is discarded elsewhere: the screen read the file before it, so its save is refused.
        let other = StateRestorer(path: file.path)
        #expect(try other.discard([key]) == 1)
        try other.close()
        #expect(throws: StoreError.sceneDiscarded(account: key.account, scene: key.scene)) {
            try app.save(NotesState(query: "typed before the discard"), for: key)
        }
        #expect(try Self.storedPayload(of: key, at: file.path) == nil)
    }

    @Test func aRecordKeptInPlaceMovesToTheQuarantineAtTheNextLaunch() throws {
        let file = try StateFile()
        try storeUnreadable(at: file.path)
        let first = StateRestorer(path: file.path, configuration: Self.shortBudget)
        let refused = try restoreUnderAnotherConnectionsWriteLock(first, at: file.path)
        try first.close()
        #expect(Self.keptInPlace(refused.report), "\(refused.report)")

        let next = StateRestorer(path: file.path)
        defer { try? next.close() }
        let moved = next.restore(NotesState.self, key, against: [])
        #expect(moved.report.contains { $0.code == .recordUnreadable && $0.detail.contains("moved to the quarantine (id") }, "\(moved.report)")
        #expect(try Self.quarantined(at: file.path).map(\.payload) == [Data(unreadable.utf8)])
        #expect(try Self.storedPayload(of: key, at: file.path) == nil)
    }

    @Test(.enabled(if: TestHost.canMountTmpfs, "mounts a tmpfs: needs root and a mount namespace"))
    func onAReadOnlyFileSystemTheRecordStaysAndTheReportSaysWhy() throws {
        let mount = try #require(try ScratchMount(tmpfsSize: "2m"))
        defer { mount.unmount() }
        let db = mount.path("state.sqlite")
        try storeUnreadable(at: db)
        try #require(mount.remount(readOnly: true), "the tmpfs could not be remounted read-only")

        let app = StateRestorer(path: db)
        defer { try? app.close() }
        let restored = app.restore(NotesState.self, key, against: [])
        #expect(restored.reports(.databaseReadOnly), "\(restored.report)")
        #expect(Self.keptInPlace(restored.report), "\(restored.report)")
        #expect(try Self.storedPayload(of: key, at: db) == Data(unreadable.utf8))

        // Writable again: a discard elsewhere still fences the screen that read the record.
        try #require(mount.remount(readOnly: false), "the tmpfs could not be remounted writable")
        let other = StateRestorer(path: db)
        #expect(try other.discard([key]) == 1)
        try other.close()
        #expect(throws: StoreError.sceneDiscarded(account: key.account, scene: key.scene)) {
            try app.save(NotesState(query: "typed while read-only"), for: key)
        }
    }
}
