import Foundation
import ScreenKinds
import ScreenModels
import StateRestoreTesting
import StateStore
import TestSupport
import Testing

@testable import StateRestore

/// Sign-out that sticks: after `signOut(account:)` no row of the account is left, not after a
/// pending save, a later change of a live model, nor a save from a second process (a real
/// `restorectl-stress` child) that had restored before the sign-out; a restore after it
/// captures the new generation and the account works again; the generation survives a
/// relaunch and no row names the account.
@MainActor
@Suite struct SignOutTests {
    let file: StateFile
    let document = CatalogDocument(books: [CatalogBook(id: 1, title: "Kept")])

    init() throws { file = try StateFile() }

    private func seed(_ account: String, scenes: [String]) throws {
        let seed = StateRestorer(path: file.path)
        for scene in scenes { try seed.save(CatalogViewState(query: "\(account)'s \(scene)"), for: try SceneKey(scene: scene, account: account)) }
        try seed.close()
    }

    /// Every row of `account` in the file, and whether any text of the file names it.
    private func traces(of account: String) throws -> (records: Int, named: Bool) {
        let store = try Store(readingExistingFileAt: file.path)
        var records = 0
        try store.forEachRecord(account: account) { _ in records += 1 }
        store.close()
        let bytes = (FileManager.default.contents(atPath: file.path) ?? Data()) + (FileManager.default.contents(atPath: file.path + "-wal") ?? Data())
        return (records, bytes.range(of: Data(account.utf8)) != nil)
    }

    @Test func aPendingSaveAndALaterChangeOfALiveModelNeverWriteTheAccountBack() throws {
        try seed("alice", scenes: ["main", "side"])
        try seed("bob", scenes: ["main"])
        let restorer = StateRestorer(path: file.path, scheduler: ManualWriteScheduler())
        defer { try? restorer.close() }
        let key = try SceneKey(scene: "main", account: "alice")
        let restored = restorer.restore(CatalogViewState.self, key, against: document)
        var state = restored.state
        let tracking = restorer.persist(from: restored, turns: ManualTurnScheduler()) { state }
        state.query = "pending at sign-out"
        tracking.saveCurrentState()  // waiting for its window

        try restorer.signOut(account: "alice")
        state.query = "changed after sign-out"
        tracking.saveCurrentState()
        #expect(!tracking.isTracking, "the account's trackings stop")
        try restorer.flush()
        #expect(try traces(of: "alice").records == 0)
        #expect(try traces(of: "alice").named == false, "no byte of the file names the account")
        #expect(try traces(of: "bob").records == 1, "other accounts are untouched")

        // Signing back in: a restore captures the new generation, and saves work again.
        let again = restorer.restore(CatalogViewState.self, key, against: document)
        #expect(again.reports(.noRecord))
        try restorer.save(CatalogViewState(query: "signed back in"), for: key)
        #expect(try traces(of: "alice").records == 1)
        withExtendedLifetime(tracking) {}
    }

    /// Two spellings of one name (`café` composed and decomposed) are two accounts, as SQLite
    /// keeps them: signing one out stops neither the other's pending save nor its later saves.
    /// Compared as Swift strings, the sign-out dropped the other account's pending save, and
    /// every save of it after was refused as signed out.
    @Test func signingOutAnAccountLeavesOneSpelledWithOtherBytesAlone() throws {
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        try seed(composed, scenes: ["main"])
        try seed(decomposed, scenes: ["main"])
        let restorer = StateRestorer(path: file.path, scheduler: ManualWriteScheduler())
        defer { try? restorer.close() }
        let other = try SceneKey(scene: "main", account: decomposed)
        let restored = restorer.restore(CatalogViewState.self, other, against: document)
        var state = restored.state
        let tracking = restorer.persist(from: restored, turns: ManualTurnScheduler()) { state }
        state.query = "pending at the other's sign-out"
        tracking.saveCurrentState()  // waiting for its window

        try restorer.signOut(account: composed)
        #expect(tracking.isTracking, "the other account's tracking goes on")
        #expect(try restorer.flush().isEmpty)
        #expect(restorer.unwrittenSaves.isEmpty, "\(restorer.unwrittenSaves)")
        #expect(try traces(of: composed).records == 0)
        let reader = StateRestorer(path: file.path)
        #expect(reader.restore(CatalogViewState.self, other, against: document).state.query == "pending at the other's sign-out")

        // A scene of the other account this process never restored saves too.
        let unrestored = try SceneKey(scene: "side", account: decomposed)
        try restorer.save(CatalogViewState(query: "after the other's sign-out"), for: unrestored)
        #expect(try restorer.flush().isEmpty)
        #expect(restorer.unwrittenSaves.isEmpty, "\(restorer.unwrittenSaves)")
        #expect(reader.restore(CatalogViewState.self, unrestored, against: document).state.query == "after the other's sign-out")
        try reader.close()
        withExtendedLifetime(tracking) {}
    }

    /// A restore that captured no fences (a suspended restorer's, a landing refused as the
    /// account's signed out) leaves its persisted saves to capture them at their first save,
    /// as a hand save does: a sign-out in another restorer of the process, before or after
    /// the restore, refuses them, and they are listed as unwritten. They carried no fence at
    /// all, and wrote the account back.
    @Test(arguments: ["suspended", "landing refused"])
    func aPersistedSaveOfARestoreThatCapturedNoFenceIsFencedAtItsFirstSave(restore: String) throws {
        try seed("alice", scenes: ["main"])
        let key = try SceneKey(scene: "main", account: "alice")
        let restorer = StateRestorer(path: file.path, scheduler: ManualWriteScheduler())
        defer { try? restorer.close() }
        let other = StateRestorer(path: file.path)
        defer { try? other.close() }
        let restored: Restoration<CatalogViewState>
        if restore == "suspended" {
            try restorer.suspend()
            restored = restorer.restore(CatalogViewState.self, key, against: document)
            #expect(restored.reports(.restorerSuspended))
            _ = try restorer.resume()
            try other.signOut(account: "alice")
        } else {
            try other.signOut(account: "alice")
            restored = restorer.restore(CatalogViewState.self, key, fromPortable: Data("{}".utf8), against: document)
            #expect(restored.reports(.portableSignedOut))
        }
        var state = restored.state
        let tracking = restorer.persist(from: restored, turns: ManualTurnScheduler()) { state }
        state.query = "written back after the sign-out"
        tracking.saveCurrentState()
        let unwritten = try? restorer.flush()
        #expect(try traces(of: "alice").records == 0, "\(restore): \(String(describing: unwritten))")
        #expect(restorer.unwrittenSaves.contains { $0.key == key }, "\(restore): \(restorer.unwrittenSaves)")
        withExtendedLifetime(tracking) {}
    }

    @Test func aSecondProcessThatRestoredBeforeTheSignOutWritesNothingBack() throws {
        try seed("alice", scenes: ["main"])
        let child = try ChildProcess(stress: ["save-after-sign-out", "--db", file.path, "--account", "alice", "--scene", "main"])
        #expect(child.nextLine() == "restored alice's main")
        let restorer = StateRestorer(path: file.path)
        try restorer.signOut(account: "alice")
        try restorer.close()
        child.send("go")
        let lines = child.remainingLines()
        #expect(child.waitForExit().isSuccess, "\(child.errorOutput())")
        #expect(lines == ["flushed main:accountSignedOut", "hand dropped"], "\(lines)")
        #expect(try traces(of: "alice").records == 0)

        // A later launch restores afresh (capturing the stored generation) and saves again.
        let next = StateRestorer(path: file.path)
        defer { try? next.close() }
        let key = try SceneKey(scene: "main", account: "alice")
        _ = next.restore(CatalogViewState.self, key, against: document)
        try next.save(CatalogViewState(query: "new session"), for: key)
        #expect(try traces(of: "alice").records == 1)
    }
}
