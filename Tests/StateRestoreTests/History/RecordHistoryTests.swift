import Foundation
import ScreenKinds
import ScreenModels
import StateRestoreTesting
import StateStore
import TestSupport
import Testing

@testable import StateRestore

/// A kind's history: each save keeps the record it replaces with the build that wrote it, up
/// to the kind's depth; a kind without history writes nothing more; and a record's history goes
/// with it (discard, prune, sign-out, a save over an expired record), except to the quarantine.
@Suite struct RecordHistoryTests {
    let file: StateFile
    var path: String { file.path }
    let key: SceneKey
    let clock = ManualClock()

    init() throws {
        file = try StateFile()
        key = try SceneKey(scene: "desk", account: "alice")
    }

    private func reading<T>(_ body: (Store) throws -> T) throws -> T { try file.reading(body) }

    private func save(_ entries: [String], build: String?) throws {
        let restorer = StateRestorer(path: path, configuration: clock.configuration(build: build))
        defer { try? restorer.close() }
        for entry in entries {
            clock.advance(by: 10)
            try restorer.save(JournalState(entry: entry), for: key)
        }
    }

    @Test func eachSaveKeepsTheRecordItReplacesWithItsBuildUpToTheKindsDepth() throws {
        try save(["a"], build: "1.0 (1)")
        #expect(try reading { try $0.historyLines(key, kind: "journal") } == [])
        #expect(try reading { try $0.recordBuild(account: "alice", scene: "desk", kind: "journal") } == "1.0 (1)")
        try save(["b", "c"], build: "1.1 (2)")
        #expect(try reading { try $0.historyLines(key, kind: "journal") } == [#"{"version":1,"entry":"b"}@1.1 (2)"#, #"{"version":1,"entry":"a"}@1.0 (1)"#])
        try save(["d", "e", "f"], build: nil)
        let history = try reading { try $0.recordHistory(account: "alice", scene: "desk", kind: "journal") }
        #expect(history.map { String(decoding: $0.payload, as: UTF8.self) } == [#"{"version":1,"entry":"e"}"#, #"{"version":1,"entry":"d"}"#, #"{"version":1,"entry":"c"}"#])
        #expect(history.map(\.build) == [nil, nil, "1.1 (2)"], "a build without a stamp leaves none")
        #expect(history.map(\.replacedAt) == [clock.now, clock.now - 10, clock.now - 20])
        #expect(history.map(\.updatedAt) == [clock.now - 10, clock.now - 20, clock.now - 30])
        #expect(try reading { try $0.recordBuild(account: "alice", scene: "desk", kind: "journal") } == nil)
    }

    /// A build string over 256 characters stamps nothing and saves. Its characters are counted
    /// as the table's CHECK counts them (SQLite's `length`: code points): 200 letters each with a
    /// combining accent are 200 of Swift's characters but 400 code points, and every save
    /// failed on the CHECK.
    /// A build holding a NUL is one SQLite's `length` counts only up to it (0 here): it failed
    /// every save on the CHECK too.
    @Test(arguments: [String(repeating: "e\u{301}", count: 200), "\u{0}1.0"])
    func aBuildTheStampCannotHoldStampsNothingAndSaves(build: String) throws {
        if build.count == 200 { #expect(build.unicodeScalars.count == 400) }
        try save(["a", "b"], build: build)
        #expect(try reading { try $0.recordBuild(account: "alice", scene: "desk", kind: "journal") } == nil)
        #expect(try reading { try $0.historyLines(key, kind: "journal") }.count == 1)
    }

    /// Two spellings of one build (`café` composed and decomposed) are two builds for the
    /// tool's rollback (`restorectl rollback --before-build`), as for the engine's, which tells
    /// them apart in SQL: the tool compared them as Swift strings and found nothing earlier.
    @Test func theToolsRollbackBeforeABuildTellsBuildsSpelledWithOtherBytesApart() throws {
        try save(["composed"], build: "caf\u{E9}")
        try save(["decomposed"], build: "cafe\u{301}")
        let store = try Store(path: path, migrator: StateMigrations.makeMigrator())
        defer { store.close() }
        let back = try StateDatabase.rollBack(key, kind: JournalState.kind, to: .beforeBuild("cafe\u{301}"), in: store)
        #expect(back.number == 1)
        #expect(try store.record(account: "alice", scene: "desk", kind: "journal").map { String(decoding: $0.payload, as: UTF8.self).contains("\"composed\"") } == true)
    }

    /// A window this process has on screen is refused to the tool's rollback (74), as to its
    /// discard: the app's next save would write the state it shows over the rollback. The
    /// tool's rollback exited 0, and the app's next flush put build 1.2's record back on top
    /// (found by an audit with the built tool).
    @MainActor @Test func theToolsRollbackOfAWindowOnScreenInAnotherProcessIsRefusedAndWritesNothing() throws {
        try save(["first"], build: "1.1")
        try save(["second"], build: "1.2")
        let app = StateRestorer(path: path, scheduler: ManualWriteScheduler())
        defer { try? app.close() }
        let restored = app.restore(JournalState.self, key)
        let tracking = app.persist(from: restored, turns: ManualTurnScheduler()) { restored.state }
        let arguments = ["rollback", "--db", path, "--scene", "desk", "--account", "alice", "--kind", "journal", "--before-build", "1.2"]
        let refused = try ChildProcess(restorectl: arguments)
        #expect(refused.waitForExit().status == 74)
        #expect(refused.errorOutput().contains("still on screen"), "\(refused.errorOutput())")
        #expect(try reading { try $0.historyLines(key, kind: JournalState.kind).count } == 1)
        #expect(try reading { try $0.record(account: "alice", scene: "desk", kind: "journal") }.map { String(decoding: $0.payload, as: UTF8.self).contains("second") } == true)
        tracking.cancel()
        let rolledBack = try ChildProcess(restorectl: arguments)
        #expect(rolledBack.waitForExit().isSuccess, "\(rolledBack.errorOutput())")
        #expect(try reading { try $0.record(account: "alice", scene: "desk", kind: "journal") }.map { String(decoding: $0.payload, as: UTF8.self).contains("first") } == true)
    }

    @Test func aKindWithoutHistoryKeepsNoEarlierRecordOnlyItsStamp() throws {
        let restorer = StateRestorer(path: path, configuration: clock.configuration(build: "2.0"))
        try restorer.save(CatalogViewState(query: "one"), for: key)
        try restorer.save(CatalogViewState(query: "two"), for: key)
        try restorer.close()
        #expect(try reading { try $0.historyRowCount() } == 0)
        #expect(try reading { try $0.recordBuild(account: "alice", scene: "desk", kind: "catalog") } == "2.0")
    }

    @Test func aSaveOfTheSameRecordOrARefusedSaveAddsNoEntry() throws {
        try save(["a", "a"], build: "1.0")
        #expect(try reading { try $0.historyRowCount() } == 0)
        try save(["b"], build: "1.0")
        // A record of a newer format (stored by the storage primitive, which keeps no history)
        // is kept, and so is the history as it was.
        let store = try Store(path: path, migrator: StateMigrations.makeMigrator())
        try store.saveRecord(#"{"version":7,"entry":"newer"}"#, version: 7, account: "alice", scene: "desk", kind: "journal")
        store.close()
        #expect(throws: RestoreError.self) { try save(["b"], build: "1.0") }
        #expect(try reading { try $0.historyLines(key, kind: "journal") } == [#"{"version":1,"entry":"a"}@1.0"#])
    }

    @Test func aSaveOverAnExpiredRecordDropsItsHistoryInsteadOfKeepingIt() throws {
        let restorer = StateRestorer(path: path, configuration: clock.configuration(build: "1.0"))
        defer { try? restorer.close() }
        for text in ["a", "b", "c"] {
            clock.advance(by: 60)
            try restorer.save(DraftState(text: text), for: key)
        }
        #expect(try reading { try $0.historyLines(key, kind: "draft") }.count == 2)
        clock.advance(by: 7_200)
        try restorer.save(DraftState(text: "fresh"), for: key)
        #expect(try reading { try $0.historyLines(key, kind: "draft") } == [])
        clock.advance(by: 60)
        try restorer.save(DraftState(text: "next"), for: key)
        #expect(try reading { try $0.historyLines(key, kind: "draft") } == [#"{"version":1,"text":"fresh"}@1.0"#])
    }

    @Test func discardPruneAndSignOutTakeTheHistoryWithTheRecord() throws {
        let scenes = try ["one", "two", "three"].map { try SceneKey(scene: $0, account: "alice") }
        let restorer = StateRestorer(path: path, configuration: clock.configuration(build: "1.0"))
        defer { try? restorer.close() }
        for scene in scenes {
            try restorer.save(JournalState(entry: "first"), for: scene)
            try restorer.save(JournalState(entry: "second"), for: scene)
        }
        #expect(try reading { try $0.historyRowCount() } == 3)
        try restorer.discard([scenes[0]])
        #expect(try reading { try $0.historyRowCount() } == 2)
        #expect(try reading { try $0.historyLines(scenes[0], kind: "journal") } == [])

        try restorer.signOut(account: "alice")
        #expect(try reading { try $0.historyRowCount() } == 0)

        // Prune (as another process's launch would, which does not use these scenes now).
        let bob = try SceneKey(scene: "one", account: "bob")
        try restorer.save(JournalState(entry: "bob's"), for: bob)
        try restorer.save(JournalState(entry: "bob's again"), for: bob)
        try restorer.close()
        #expect(try reading { try $0.historyRowCount() } == 1)
        clock.advance(by: 3 * 86_400)
        let store = try Store(path: path, configuration: clock.configuration(build: nil), migrator: StateMigrations.makeMigrator())
        defer { store.close() }
        #expect(try store.removeScenes(unusedSince: clock.now - 86_400, dryRun: false, sparing: []).count == 1)
        #expect(try store.historyRowCount() == 0)
    }

    @Test func signOutLeavesNoByteOfTheAccountsHistoryInTheFileOrItsLog() throws {
        let secrets = (1...4).map { "journal entry secret-\($0)-\(String(repeating: "x", count: 40))" }
        let restorer = StateRestorer(path: path, configuration: clock.configuration(build: "1.0"))
        defer { try? restorer.close() }
        for secret in secrets { try restorer.save(JournalState(entry: secret), for: key) }
        try restorer.save(JournalState(entry: "bob keeps this"), for: try SceneKey(scene: "desk", account: "bob"))
        let bytes = { (FileManager.default.contents(atPath: path) ?? Data()) + (FileManager.default.contents(atPath: path + "-wal") ?? Data()) }
        #expect(secrets.contains { bytes().range(of: Data($0.utf8)) != nil })
        try restorer.signOut(account: "alice")
        for secret in secrets { #expect(bytes().range(of: Data(secret.utf8)) == nil, "\(secret) remains") }
        #expect(bytes().range(of: Data("bob keeps this".utf8)) != nil)
    }

    @Test func anEntryTrimmedBeyondTheDepthLeavesNoByteInTheFile() throws {
        let secrets = (1...6).map { "entry secret-\($0)-\(String(repeating: "y", count: 40))" }
        try save(secrets, build: "1.0")  // closing checkpoints the log into the file
        let file = FileManager.default.contents(atPath: path) ?? Data()
        #expect(try reading { try $0.historyRowCount() } == 3)
        for secret in secrets.prefix(2) { #expect(file.range(of: Data(secret.utf8)) == nil, "\(secret) remains") }
        for secret in secrets.suffix(4) { #expect(file.range(of: Data(secret.utf8)) != nil, "\(secret) is kept") }
    }

    /// The same on a connection whose SQLite keeps `secure_delete` off (SQLite's own default;
    /// this build's turns it on): the connection's first write turns it on.
    @Test func aWriteKeepingHistoryTurnsSecureDeleteOnWhereItIsOff() throws {
        let secrets = (1...6).map { "entry secret-\($0)-\(String(repeating: "z", count: 40))" }
        // Made and migrated first, so the store below opens it without writing.
        try Store(path: path, migrator: StateMigrations.makeMigrator()).close()
        let store = try Store(path: path, migrator: StateMigrations.makeMigrator())
        try store.database.executeScript("PRAGMA secure_delete = OFF")
        for secret in secrets {
            try store.saveRecord(#"{"version":1,"entry":"\#(secret)"}"#, version: 1, account: "alice", scene: "desk", kind: "journal", rules: WriteRules(historyDepth: 3))
        }
        #expect(try store.database.fetchOne("PRAGMA secure_delete") { $0.int(0) } == 1)
        try store.checkpoint()
        store.close()
        let file = FileManager.default.contents(atPath: path) ?? Data()
        for secret in secrets.prefix(2) { #expect(file.range(of: Data(secret.utf8)) == nil, "\(secret) remains") }
    }

    @Test func aRecordMovedToTheQuarantineKeepsItsHistoryUntilTheEntryGoes() throws {
        try save(["a", "b"], build: "1.0")
        let store = try Store(path: path, migrator: StateMigrations.makeMigrator())
        defer { store.close() }
        let id = try #require(try store.quarantineRecord(account: "alice", scene: "desk", kind: "journal", reason: .unreadable, error: "test"))
        #expect(try store.historyLines(key, kind: "journal") == [#"{"version":1,"entry":"a"}@1.0"#])
        try store.dropQuarantinedRecord(id: id)
        #expect(try store.historyRowCount() == 0)
    }
}
