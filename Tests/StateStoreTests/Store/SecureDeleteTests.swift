import Foundation
import TestSupport
import Testing

@testable import StateStore

/// Every write deletes securely, whatever the platform's SQLite does by default.
///
/// SQLite's own default leaves the bytes a write deletes or replaces in the file
/// (`secure_delete` off), and a platform's build may keep it; Debian's, where these tests run,
/// zeroes them. Each test turns it off on a connection before the connection's first write, as
/// such a build opens it, and scans the file for what a purge must have removed.
@Suite struct SecureDeleteTests {
    let file: StateFile

    init() throws { file = try StateFile() }

    /// Whether the database file or its log holds `marker`'s bytes.
    private func fileHolds(_ marker: String) -> Bool {
        ["state.sqlite", "state.sqlite-wal"].contains { name in
            (file.folder.contents(name) ?? Data()).range(of: Data(marker.utf8)) != nil
        }
    }

    /// A store on the file, migrated before, whose connection has written nothing yet, with
    /// `secure_delete` as SQLite's own default sets it.
    private func storeWithSQLitesDefault() throws -> Store {
        try Store(path: file.path, migrator: .withNoOpDataSteps()).close()
        let store = try Store(path: file.path, migrator: .withNoOpDataSteps())
        try store.database.execute("PRAGMA secure_delete = OFF")
        return store
    }

    private func secureDelete(of database: Database) throws -> Int {
        try #require(try database.fetchOne("PRAGMA secure_delete") { $0.int(0) })
    }

    @Test func aPurgeLeavesNoBytesOfTheRecordsTheAccountsSavesReplacedBeforeIt() throws {
        let store = try storeWithSQLitesDefault()
        let marker = "REPLACED-LONG-AGO-5d1e"
        for scene in 0..<20 {
            let padding = String(repeating: "p", count: 200)
            try store.saveRecord("{\"query\":\"\(marker)-\(scene)-\(padding)\"}", version: 1, account: "leaving", scene: "s\(scene)", kind: "catalog")
            try store.saveRecord(#"{"query":"short"}"#, version: 1, account: "leaving", scene: "s\(scene)", kind: "catalog")
        }
        try store.saveRecord(#"{"query":"kept"}"#, version: 1, account: "staying", scene: "s", kind: "catalog")
        try store.checkpoint()
        _ = try store.purge(account: "leaving", forgettingGuardMarks: false)
        store.close()
        #expect(!fileHolds(marker), "a purged account's replaced record is still in the file")
        let reopened = try Store(path: file.path, migrator: .withNoOpDataSteps())
        #expect(try reopened.recordSummaries().map(\.account) == ["staying"])
        #expect(try reopened.integrityProblems().isEmpty)
    }

    @Test func aPurgeLeavesNoBytesOfTheTableAMigrationCopiedItsRecordsFrom() throws {
        let marker = "BEFORE-THE-MIGRATION-93b0"
        let old = try Database(path: file.path)
        try Migrator.withNoOpDataSteps().migrate(old, upTo: 2)
        try old.writeTransaction {
            for scene in 0..<200 {
                try old.execute(
                    "INSERT INTO scene_state (account, scene, version, payload, updated_at) VALUES ('leaving', ?, 1, ?, 0)",
                    [.text("s\(scene)"), .text("{\"query\":\"\(marker)-\(scene)\"}")])
            }
        }
        old.close()

        // Migration 0004 copies every record into a new table and drops the old one.
        let migrating = try Database(path: file.path)
        try migrating.execute("PRAGMA secure_delete = OFF")
        try Migrator.withNoOpDataSteps().migrate(migrating)
        migrating.close()

        let store = try Store(path: file.path, migrator: .withNoOpDataSteps())
        try store.database.execute("PRAGMA secure_delete = OFF")
        let result = try store.purge(account: "leaving", forgettingGuardMarks: false)
        #expect(result.records == 200)
        store.close()
        #expect(!fileHolds(marker), "the table migration 0004 dropped still holds the purged account's records")
    }

    /// Every test's stand-in for SQLite's own build (``SQLiteOwnDefaults``) is in force: a
    /// connection to a file in a test's folder opens with `secure_delete` off.
    @Test func aConnectionToATestFoldersFileOpensAsSQLitesOwnBuildOpensIt() throws {
        let database = try Database(path: file.path)
        defer { database.close() }
        #expect(try secureDelete(of: database) == 0)
    }

    @Test func aConnectionTurnsSecureDeleteOnAtItsFirstWriteAndNotBefore() throws {
        let store = try storeWithSQLitesDefault()
        _ = try store.record(account: "a", scene: "s", kind: "catalog")
        #expect(try secureDelete(of: store.database) == 0, "a read runs no pragma")
        try store.saveRecord(#"{"query":"x"}"#, version: 1, account: "a", scene: "s", kind: "catalog")
        #expect(try secureDelete(of: store.database) == 1)
        store.close()
    }
}

extension SecureDeleteTests {
    /// A page split copies records to a new page and rebuilds the old one from its remaining
    /// records, and the rebuild can leave a moved record's old bytes between the page's cell
    /// pointers and its content: `secure_delete` zeroes what is deleted, not that. Three
    /// accounts' records saved in one transaction, the leaving account's first, as many pages
    /// split under them; each layout here left one such copy before the purge rewrote every
    /// page (found among 240 layouts of the leaving account's count and the records' size).
    @Test(arguments: zip([8, 11, 34], [130, 40, 200]))
    func aPurgeLeavesNoCopyOfARecordThatAPageSplitLeftBehind(leavingRecords: Int, paddingLength: Int) throws {
        let store = try Store(path: file.path, migrator: .withNoOpDataSteps())
        let marker = "SPLIT-REMNANT-4c2e"
        let padding = String(repeating: "p", count: paddingLength)
        try store.writeTransaction {
            for index in 0..<3_000 {
                let leaving = index < leavingRecords
                let account = leaving ? "mmm-leaving" : index.isMultiple(of: 2) ? "aaa-staying" : "zzz-staying"
                let payload = leaving ? "{\"query\":\"\(marker)-\(index)-\(padding)\"}" : "{\"query\":\"\(padding)\"}"
                try store.saveRecord(payload, version: 1, account: account, scene: "scene-\(index)", kind: "catalog")
            }
        }
        try store.checkpoint()
        let result = try store.purge(account: "mmm-leaving", forgettingGuardMarks: false)
        #expect(result.records == leavingRecords && result.remainsInLog == nil)
        store.close()
        #expect(!fileHolds(marker), "a copy of a purged record is still in the file")
        #expect(!fileHolds("mmm-leaving"), "the purged account's name is still in the file")
    }
}
