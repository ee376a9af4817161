import Foundation
import TestSupport
import Testing

@testable import StateStore

/// Every write deletes securely, whatever the platform's SQLite does by default, and a purge
/// leaves nothing of the account.
///
/// SQLite's own default leaves the bytes a write deletes or replaces in the file
/// (`secure_delete` off), and a platform's build may keep it; Debian's, where these tests run,
/// zeroes them. The tests' connections open with it off (``SQLiteOwnDefaults``), and these turn
/// it off again on a connection before its first write, so they hold without that stand-in too.
@Suite struct SecureDeleteTests {
    let file: StateFile

    init() throws { file = try StateFile() }

    private func fileHolds(_ marker: String) -> Bool { DatabaseBytes.hold(marker, at: file.path) }

    /// A store on the file at `path`, migrated before, whose connection has written nothing
    /// yet, with `secure_delete` as SQLite's own default sets it.
    private static func storeWithSQLitesDefault(at path: String) throws -> Store {
        try Store(path: path, migrator: .withNoOpDataSteps()).close()
        let store = try Store(path: path, migrator: .withNoOpDataSteps())
        try store.database.execute("PRAGMA secure_delete = OFF")
        return store
    }

    private func secureDelete(of database: Database) throws -> Int {
        try #require(try database.fetchOne("PRAGMA secure_delete") { $0.int(0) })
    }

    /// No purge: the record a save replaced is zeroed where it was. (Five records, one page:
    /// no split moves any of them.)
    @Test func aRecordASaveReplacedLeavesNoBytesInTheFile() throws {
        let store = try Self.storeWithSQLitesDefault(at: file.path)
        let marker = "REPLACED-LONG-AGO-5d1e"
        for scene in 0..<5 {
            let padding = String(repeating: "p", count: 200)
            try store.saveRecord("{\"query\":\"\(marker)-\(scene)-\(padding)\"}", version: 1, account: "a", scene: "s\(scene)", kind: "catalog")
            try store.saveRecord(#"{"query":"short"}"#, version: 1, account: "a", scene: "s\(scene)", kind: "catalog")
        }
        try store.checkpoint()
        store.close()
        #expect(!fileHolds(marker), "a record a save replaced is still in the file")
    }

    /// No purge: migration 0004 copies every record into a new table and drops the old one,
    /// whose pages are zeroed as they are freed; each record is in the file once, in the new
    /// table.
    @Test func theTableAMigrationCopiedItsRecordsFromLeavesNoBytesInTheFile() throws {
        let marker = "BEFORE-THE-MIGRATION-93b0"
        let old = try Database(path: file.path)
        try Migrator.withNoOpDataSteps().migrate(old, upTo: 2)
        try old.writeTransaction {
            for scene in 0..<200 {
                try old.execute(
                    "INSERT INTO scene_state (account, scene, version, payload, updated_at) VALUES ('a', ?, 1, ?, 0)",
                    [.text("s\(scene)"), .text("{\"query\":\"\(marker)-\(scene)\"}")])
            }
        }
        old.close()
        let migrating = try Database(path: file.path)
        try migrating.execute("PRAGMA secure_delete = OFF")
        try Migrator.withNoOpDataSteps().migrate(migrating)
        migrating.close()
        #expect(DatabaseBytes.occurrences(of: marker, at: file.path) == 200, "the table migration 0004 dropped still holds its records")
    }

    /// Every test's stand-in for SQLite's own build (``SQLiteOwnDefaults``) is in force: a
    /// connection to a file in a test's folder opens with `secure_delete` off.
    @Test func aConnectionToATestFoldersFileOpensAsSQLitesOwnBuildOpensIt() throws {
        let database = try Database(path: file.path)
        defer { database.close() }
        #expect(try secureDelete(of: database) == 0)
    }

    @Test func aConnectionTurnsSecureDeleteOnAtItsFirstWriteAndNotBefore() throws {
        let store = try Self.storeWithSQLitesDefault(at: file.path)
        _ = try store.record(account: "a", scene: "s", kind: "catalog")
        #expect(try secureDelete(of: store.database) == 0, "a read runs no pragma")
        try store.saveRecord(#"{"query":"x"}"#, version: 1, account: "a", scene: "s", kind: "catalog")
        #expect(try secureDelete(of: store.database) == 1)
        store.close()
    }
}
