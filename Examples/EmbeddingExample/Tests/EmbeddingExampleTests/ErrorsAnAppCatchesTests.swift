import Foundation
import StateRestore
import StateRestoreTesting
import Testing

// This file imports StateRestore alone, as an app's file does: every error and result type the
// engine's API throws or returns must be nameable and matchable from here.

/// An app's view of the engine's failures: it names and matches every error a `StateRestorer`
/// call throws, and the result of a sign-out, with `import StateRestore` alone.
@MainActor
@Suite struct ErrorsAnAppCatchesTests {
    let file: TemporaryStateFile

    init() throws { file = try TemporaryStateFile() }

    @Test func aSaveAfterTheSignOutIsCaughtByItsReason() throws {
        let restorer = StateRestorer(path: file.path)
        defer { try? restorer.close() }
        let key = try SceneKey(scene: "reader", account: "alice")
        try restorer.save(ReaderState(bookID: 1, page: 3, fontSize: 1), for: key)
        _ = restorer.restore(ReaderState.self, key, against: [1: 10])
        let purged: PurgeResult = try restorer.signOut(account: "alice")
        #expect(purged.records == 1)
        do {
            try restorer.save(ReaderState(bookID: 1, page: 4, fontSize: 1), for: key)
            Issue.record("a save after the sign-out was written")
        } catch StoreError.accountSignedOut(let account) {
            #expect(account == "alice")
        }
    }

    @Test func storageAndSchemaErrorsAreNameable() throws {
        // A directory where the file should be: the save fails with a storage error the app can
        // name; a schema error is a case of the store's error the app can match too.
        try FileManager.default.createDirectory(atPath: file.path, withIntermediateDirectories: false)
        let restorer = StateRestorer(path: file.path)
        defer { try? restorer.close() }
        #expect(throws: (any Error).self) { try restorer.save(ReaderState(bookID: nil, page: 1, fontSize: 1), for: try SceneKey(scene: "s")) }
        let classified: String
        do {
            try restorer.save(ReaderState(bookID: nil, page: 1, fontSize: 1), for: try SceneKey(scene: "s"))
            classified = "written"
        } catch StoreError.sqlite(let code, let message, _, _) {
            classified = "storage \(code & 0xFF): \(message)"
        } catch StoreError.corrupt(let path, _) {
            classified = "damaged \(path)"
        } catch let error as StoreError {
            classified = "store \(error)"
        } catch let error as RestoreError {
            classified = "refused \(error)"
        }
        #expect(classified != "written")
        #expect(throws: RestoreError.self) { try SceneKey(scene: "") }
    }
}
