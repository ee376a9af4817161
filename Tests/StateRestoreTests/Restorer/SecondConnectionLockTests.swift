import Foundation
import ScreenKinds
import ScreenModels
import StateRestore
import StateStore
import TestSupport
import Testing

/// POSIX drops every lock a process holds on a file when any descriptor of that file in the
/// process closes, so code that opens the database file by itself while a connection is live
/// silently strips that connection of its locks (the first way to corrupt a database in
/// SQLite's "How To Corrupt" list). A second connection of this process, holding its shared
/// lock, must still hold it after every library call, as another process sees it.
@MainActor
@Suite struct SecondConnectionLockTests {
    let file: StateFile
    let document = CatalogDocument(books: [CatalogBook(id: 1, title: "Algorithms"), CatalogBook(id: 2, title: "Compilers")])

    init() throws { file = try StateFile() }

    /// Who holds a lock on the database file, asked from another process: `held <pid>` or `free`.
    private func lockHolder() throws -> String {
        let probe = try ChildProcess(stress: ["lock-probe", "--db", file.path])
        let lines = probe.remainingLines()
        let exit = probe.waitForExit()
        guard exit.isSuccess, let answer = lines.first else {
            throw ChildFailure("\(probe.commandLine) ended (\(exit)): \(probe.errorOutput())")
        }
        return answer
    }

    @Test func aSecondConnectionKeepsItsLockThroughEveryLibraryCall() throws {
        let key = try SceneKey(scene: "main")
        let seed = StateRestorer(path: file.path)
        try seed.save(CatalogViewState(query: "stored", selectedID: 1), for: key)
        try seed.close()
        let link = file.path("link.sqlite")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file.path)

        // The second connection: the app's own reader of the same file, holding its shared lock.
        let held = try Store(path: file.path, migrator: StateMigrations.makeMigrator())
        defer { held.close() }
        #expect(try held.record(account: StoreNames.defaultAccount, scene: "main", kind: CatalogViewState.kind) != nil)
        let holder = "held \(getpid())"
        try #require(try lockHolder() == holder, "the second connection holds a lock once it has read")

        var restorer: StateRestorer?
        var restoration: Restoration<CatalogViewState>?
        let calls: [(String, () throws -> Void)] = [
            ("StateRestorer(path:)", { restorer = StateRestorer(path: file.path) }),
            ("restore", { restoration = restorer?.restore(CatalogViewState.self, key, against: document) }),
            ("completeRestore", { _ = restoration.map { restorer?.completeRestore($0) } }),
            ("save", { try restorer?.save(CatalogViewState(query: "saved", selectedID: 2), for: key) }),
            ("flush", { _ = try restorer?.flush() }),
            ("discard(sceneIDs:)", { _ = try restorer?.discard(sceneIDs: ["gone"]) }),
            ("suspend", { try restorer?.suspend() }),
            ("resume", { _ = try restorer?.resume() }),
            ("close", { try restorer?.close() }),
            ("StateRestorer(path:) through a symlink", { restorer = StateRestorer(path: link) }),
            ("restore through a symlink", { restoration = restorer?.restore(CatalogViewState.self, key, against: document) }),
            ("close through a symlink", { try restorer?.close() }),
            ("DatabaseCheck.run", { _ = try DatabaseCheck.run(file.path, kinds: RecordKind.builtIn) }),
            ("DatabaseCheck.run through a symlink", { _ = try DatabaseCheck.run(link, kinds: RecordKind.builtIn) }),
            ("StateDatabase.schemaStatus", { _ = try StateDatabase.schemaStatus(file.path) }),
            ("StateDatabase.migrationPlan", { _ = try StateDatabase.migrationPlan(file.path) }),
            ("StateDatabase.openForReading", { try StateDatabase.openForReading(file.path).close() }),
            ("StateDatabase.openForWriting", { try StateDatabase.openForWriting(file.path, upgrading: RecordKind.builtIn).close() }),
        ]
        for (name, call) in calls {
            try call()
            #expect(try lockHolder() == holder, "after \(name), the second connection lost its lock")
        }
        let stored = try held.record(account: StoreNames.defaultAccount, scene: "main", kind: CatalogViewState.kind)
        #expect(stored.map { String(decoding: $0.payload, as: UTF8.self).contains("saved") } == true, "the second connection reads what the library wrote")
    }
}
