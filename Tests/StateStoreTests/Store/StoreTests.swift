import Foundation
import TestSupport
import Testing

@testable import StateStore

@Suite struct StoreTests {
    let file: StateFile

    init() throws { file = try StateFile() }

    @Test func openingCreatesAndMigratesANewFile() throws {
        let store = try Store(path: file.path, migrator: .withNoOpDataSteps())
        #expect(store.schemaVersion == (try Migrator().latestVersion))
        #expect(try store.database.ownership() == .ours(schemaVersion: store.schemaVersion))
    }

    @Test func savedRecordIsReadBackVerbatim() throws {
        let store = try Store(path: file.path, migrator: .withNoOpDataSteps())
        try store.saveRecord(#"{"version":3,"query":"x"}"#, version: 3, account: "default", scene: "main", kind: "catalog", at: 100)
        let record = try #require(try store.record(account: "default", scene: "main", kind: "catalog"))
        #expect(record == StoredRecord(account: "default", scene: "main", kind: "catalog", version: 3, payload: Data(#"{"version":3,"query":"x"}"#.utf8), updatedAt: 100))
        try store.saveRecord(#"{"query":"y"}"#, version: 1, account: "default", scene: "main", kind: "catalog", at: 200)
        #expect(try store.record(account: "default", scene: "main", kind: "catalog")?.version == 1)
        #expect(try store.recordSummaries().count == 1)
    }

    @Test(arguments: ["'; DROP TABLE scene_state; --", "a/b/../c", "\"quoted\"", "ünï \u{1F4DA}", String(repeating: "x", count: 1_024)])
    func oddNamesAreStoredVerbatim(name: String) throws {
        let store = try Store(path: file.path, migrator: .withNoOpDataSteps())
        try store.saveRecord("{}", version: 1, account: name, scene: name, kind: "catalog")
        #expect(try store.recordSummaries().map(\.scene) == [name])
        #expect(try store.record(account: name, scene: name, kind: "catalog") != nil)
    }

    @Test(arguments: ["", String(repeating: "x", count: 1_025), String(repeating: "é", count: 513)])
    func emptyOrOverlongNamesAreRefusedAndNothingIsWritten(name: String) throws {
        let store = try Store(path: file.path, migrator: .withNoOpDataSteps())
        #expect(throws: StoreError.self) { try store.saveRecord("{}", version: 1, account: "default", scene: name, kind: "catalog") }
        #expect(throws: StoreError.self) { try store.saveRecord("{}", version: 1, account: name, scene: "main", kind: "catalog") }
        #expect(try store.recordSummaries().isEmpty)
    }

    @Test func recordOverOneMebibyteIsRefused() throws {
        let store = try Store(path: file.path, migrator: .withNoOpDataSteps())
        let payload = "\"" + String(repeating: "a", count: Store.maximumRecordBytes) + "\""
        #expect(throws: StoreError.recordTooLarge(bytes: payload.utf8.count, limit: Store.maximumRecordBytes)) {
            try store.saveRecord(payload, version: 1, account: "default", scene: "main", kind: "catalog")
        }
        #expect(try store.recordSummaries().isEmpty)
    }

    @Test func quarantineMovesTheRawBytesAndCanBeUndone() throws {
        let store = try Store(path: file.path, migrator: .withNoOpDataSteps())
        try store.saveRecord(#"{"query": 5}"#, version: 1, account: "a", scene: "s", kind: "catalog", at: 50)
        try store.saveRecord(#"{"query": "ok"}"#, version: 1, account: "a", scene: "other", kind: "catalog")
        let id = try #require(try store.quarantineRecord(account: "a", scene: "s", kind: "catalog", reason: .unreadable, error: "query is not a string"))
        #expect(try store.record(account: "a", scene: "s", kind: "catalog") == nil)
        #expect(try store.record(account: "a", scene: "other", kind: "catalog") != nil)
        let entry = try #require(try store.quarantinedRecords().first)
        #expect(entry.id == id && entry.payload == Data(#"{"query": 5}"#.utf8) && entry.reason == .unreadable)
        #expect(entry.error == "query is not a string" && entry.updatedAt == 50 && entry.version == 1)

        try store.saveRecord(#"{"query": "new"}"#, version: 1, account: "a", scene: "s", kind: "catalog")
        #expect(throws: StoreError.quarantineTargetOccupied(id: id, account: "a", scene: "s", kind: "catalog")) {
            try store.write(.quarantinedRecord(id: id, minReaderVersion: nil), rules: WriteRules(onlyIfAbsent: true))
        }
        try store.write(.quarantinedRecord(id: id, minReaderVersion: nil), rules: .unconditional)
        #expect(try store.record(account: "a", scene: "s", kind: "catalog")?.payload == Data(#"{"query": 5}"#.utf8))
        #expect(try store.quarantinedRecords().isEmpty)
    }

    @Test func droppingAQuarantinedRecordDeletesOnlyIt() throws {
        let store = try Store(path: file.path, migrator: .withNoOpDataSteps())
        try store.saveRecord("[]", version: 1, account: "a", scene: "s", kind: "catalog")
        let id = try #require(try store.quarantineRecord(account: "a", scene: "s", kind: "catalog", reason: .unreadable, error: "not an object"))
        try store.dropQuarantinedRecord(id: id)
        #expect(try store.quarantinedRecords().isEmpty)
        #expect(throws: StoreError.quarantineEntryNotFound(id: id)) { try store.dropQuarantinedRecord(id: id) }
    }

    @Test func quarantiningAMissingRecordDoesNothing() throws {
        let store = try Store(path: file.path, migrator: .withNoOpDataSteps())
        #expect(try store.quarantineRecord(account: "a", scene: "none", kind: "catalog", reason: .unreadable, error: "x") == nil)
        #expect(try store.quarantinedRecords().isEmpty)
    }

    @Test func restoreMarksAreDurableAcrossConnections() throws {
        let store = try Store(path: file.path, migrator: .withNoOpDataSteps())
        #expect(try !store.restoreMarks().contains { $0.scene == "s" && $0.kind == "catalog" })
        try store.setRestoreMark(account: "a", scene: "s", kind: "catalog")
        store.close()
        let reopened = try Store(path: file.path, migrator: .withNoOpDataSteps())
        #expect(try reopened.restoreMarks().contains { $0.scene == "s" && $0.kind == "catalog" })
        #expect(try reopened.restoreMarks().map { [$0.account, $0.scene] } == [["a", "s"]])
        try reopened.clearRestoreMark(account: "a", scene: "s", kind: "catalog")
        #expect(try !reopened.restoreMarks().contains { $0.scene == "s" && $0.kind == "catalog" })
        #expect(try reopened.restoreMarks().isEmpty)
        try reopened.setConsecutiveCrashedLaunches(2)
        #expect(try reopened.consecutiveCrashedLaunches() == 2)
    }

    @Test func onlyTheNewestShelfSnapshotsAreKept() throws {
        let store = try Store(path: file.path, migrator: .withNoOpDataSteps())
        for index in 1...5 {
            try store.saveSnapshot("{\"n\":\(index)}", version: 1, account: "a", collection: "home", rowCount: index, fetchedAt: Double(index), keeping: 3)
        }
        try store.saveSnapshot("{}", version: 1, account: "a", collection: "work", rowCount: 0, fetchedAt: 0)
        #expect(try store.snapshots(account: "a").first { $0.collection == "home" }?.rowCount == 5)
        #expect(try store.snapshots(account: "a").map(\.rowCount) == [5, 4, 3, 0])
        #expect(try store.snapshots(account: "a").first { $0.collection == "none" } == nil)
    }

    @Test func aMegabyteSnapshotPassesThroughASmallPageCacheAndTheCacheComesBack() throws {
        let store = try Store(path: file.path, migrator: .withNoOpDataSteps())
        func cacheSize() throws -> Int? { try store.database.fetchOne("PRAGMA cache_size") { $0.int(0) } }
        let large = "{\"t\":\"" + String(repeating: "abcdefgh", count: 200_000) + "\"}"
        try store.saveSnapshot(large, version: 1, account: "a", collection: "home", rowCount: 1, fetchedAt: 0)
        #expect(try cacheSize() == -2_000)
        var read: [String] = []
        try store.forEachSnapshot(account: "a", collection: "home") { _, bytes throws -> Bool in
            read.append(String(decoding: bytes, as: UTF8.self))
            #expect(try cacheSize() == -256, "held small while the row is read")
            return true
        }
        #expect(read == [large])
        #expect(try cacheSize() == -2_000)

        struct Stop: Error {}
        #expect(throws: Stop.self) { try store.forEachSnapshot(account: "a", collection: "home") { _, _ in throw Stop() } }
        #expect(try cacheSize() == -2_000, "a reader's error gives the cache back too")
    }

    @Test func purgeLeavesNoTraceOfTheAccountInTheFile() throws {
        let store = try Store(path: file.path, migrator: .withNoOpDataSteps())
        let secret = "PURGE-MARKER-7f3a9c"
        for index in 0..<50 {
            try store.saveRecord("{\"query\":\"\(secret)-\(index)\"}", version: 1, account: "leaving", scene: "s\(index)", kind: "catalog")
        }
        try store.saveRecord(#"{"query":"kept"}"#, version: 1, account: "staying", scene: "s", kind: "catalog")
        try store.saveSnapshot("{\"t\":\"\(secret)\"}", version: 1, account: "leaving", collection: "home", rowCount: 1, fetchedAt: 0)
        try store.checkpoint()
        let result = try store.purge(account: "leaving")
        #expect(result == PurgeResult(records: 50, quarantined: 0, snapshots: 1))
        store.close()
        let bytes = (file.folder.contents("state.sqlite") ?? Data()) + (file.folder.contents("state.sqlite-wal") ?? Data())
        #expect(bytes.range(of: Data(secret.utf8)) == nil)
        let reopened = try Store(path: file.path, migrator: .withNoOpDataSteps())
        #expect(try reopened.recordSummaries().map(\.account) == ["staying"])
        #expect(try reopened.integrityProblems().isEmpty)
    }

    @Test func readingAnExistingFileNeverCreatesOne() throws {
        #expect(throws: StoreError.fileNotFound(path: file.path)) { try Store(readingExistingFileAt: file.path) }
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test func concurrentStoresOnOneFileNeverSurfaceBusyErrors() async throws {
        _ = try Store(path: file.path, migrator: .withNoOpDataSteps())
        let path = file.path
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    let store = try Store(path: path, migrator: .withNoOpDataSteps())
                    for index in 0..<100 {
                        try store.saveRecord("{\"n\":\(index)}", version: 1, account: "a", scene: "w\(writer)", kind: "catalog")
                        _ = try store.record(account: "a", scene: "w\((writer + 1) % 4)", kind: "catalog")
                    }
                }
            }
            try await group.waitForAll()
        }
        let store = try Store(path: path, migrator: .withNoOpDataSteps())
        #expect(try store.recordSummaries().count == 4)
        for writer in 0..<4 {
            #expect(try store.record(account: "a", scene: "w\(writer)", kind: "catalog")?.payload == Data(#"{"n":99}"#.utf8))
        }
    }

    /// A quarantined record over the size a record may have (another program's, an older
    /// build's) is refused when put back, and stays in the quarantine: put back, the next
    /// launch's read moved it there again.
    @Test func aQuarantinedRecordOverTheSizeLimitIsNotPutBack() throws {
        let store = try Store(path: file.path, migrator: .withNoOpDataSteps())
        defer { store.close() }
        let payload = "\"" + String(repeating: "x", count: Store.maximumRecordBytes) + "\""
        try store.database.execute(
            "INSERT INTO scene_state (account, scene, kind, version, payload, updated_at) VALUES ('alice', 'main', 'notes', 1, ?, 100)", [.text(payload)])
        let id = try #require(try store.quarantineRecord(account: "alice", scene: "main", kind: "notes", reason: .unreadable, error: "too large"))
        #expect(throws: StoreError.recordTooLarge(bytes: payload.utf8.count, limit: Store.maximumRecordBytes)) {
            try store.write(.quarantinedRecord(id: id, minReaderVersion: nil), rules: .unconditional)
        }
        #expect(try store.quarantinedRecords().map(\.id) == [id])
        #expect(try store.record(account: "alice", scene: "main", kind: "notes") == nil)
    }

    /// A record kept in the history over the size a record may have (another program's, kept
    /// when it was replaced) is refused when put back, as a quarantined one is.
    @Test func aHistoryEntryOverTheSizeLimitIsNotPutBack() throws {
        let store = try Store(path: file.path, migrator: .withNoOpDataSteps())
        defer { store.close() }
        try store.saveRecord("{}", version: 1, account: "alice", scene: "main", kind: "notes", at: 100)
        let payload = "\"" + String(repeating: "x", count: Store.maximumRecordBytes) + "\""
        try store.database.execute(
            "INSERT INTO record_history (account, scene, kind, version, payload, updated_at, replaced_at) VALUES ('alice', 'main', 'notes', 1, ?, 50, 100)",
            [.text(payload)])
        let id = try #require(try store.database.fetchOne("SELECT id FROM record_history") { $0.int64(0) })
        #expect(throws: StoreError.recordTooLarge(bytes: payload.utf8.count, limit: Store.maximumRecordBytes)) {
            try store.write(.historyEntry(id: id, account: "alice", scene: "main", kind: "notes", at: 200), rules: .unconditional)
        }
        #expect(try store.record(account: "alice", scene: "main", kind: "notes")?.payload == Data("{}".utf8))
    }

    /// A migration that makes an object again (`CREATE INDEX IF NOT EXISTS` of an index an
    /// earlier one made) lists it twice among the objects the file must have: the schema check
    /// found only one of the two present, and took every such file for damaged.
    @Test func anObjectTwoMigrationsMakeIsFoundOnce() throws {
        var migrations = try Migrator().migrations
        let sql = "-- readable-by: 4\n-- writable-by: 4\nCREATE INDEX IF NOT EXISTS quarantine_by_scene ON quarantine (account, scene, kind);\n"
        let again = try MigrationFile(name: String(format: "%04d_again.sql", migrations.count + 1), sql: sql)
        migrations.append(again)
        var migrator = try Migrator(migrations: migrations)
        for migration in migrator.migrations where migration.declaredDataStep != nil {
            migrator.registerDataMigration(for: migration.version) { _, _ in }
        }
        let store = try Store(path: file.path, migrator: migrator)
        store.close()
        let reopened = try Store(path: file.path, migrator: migrator)
        #expect(reopened.schemaVersion == migrations.count)
        reopened.close()
    }
}
