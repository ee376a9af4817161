import Foundation
import TestSupport
import Testing

@testable import StateStore

/// Schema changes that older releases survive: what migrations from 5 on declare, what the
/// file records, and what a store of an older build does with a newer file.
@Suite struct SchemaCompatibilityTests {
    let stateFile: StateFile

    init() throws { stateFile = try StateFile() }

    private func file() -> Data { stateFile.folder.contents("state.sqlite") ?? Data() }
    private func siblings() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: stateFile.folder.url.path).sorted() }

    private func store(_ build: SchemaBuild) throws -> Store {
        var migrator = try Migrator(migrations: build.migrations())
        for migration in migrator.migrations where migration.declaredDataStep != nil {
            migrator.registerDataMigration(for: migration.version) { _, _ in }
        }
        return try Store(path: stateFile.path, migrator: migrator)
    }

    private func recordWrites(_ store: Store) throws -> [String] {
        try store.database.fetchAll("SELECT account, scene, kind, writes FROM record_write ORDER BY account, scene, kind") {
            "\($0.string(0) ?? "")/\($0.string(1) ?? "")/\($0.string(2) ?? "")=\($0.int(3))"
        }
    }

    // MARK: Declarations

    @Test func aMigrationFromFiveOnWithoutItsNumbersIsRefusedSayingWhatToAdd() throws {
        #expect {
            try MigrationFile(name: "0005_add_t.sql", sql: "CREATE TABLE t (x);")
        } throws: { error in
            guard case .invalidMigrationSet(let reason) = error as? StoreError else { return false }
            return reason.contains("0005_add_t.sql") && reason.contains("-- readable-by:") && reason.contains("-- writable-by:")
        }
        let half = "-- readable-by: 4\nCREATE TABLE t (x);"
        #expect(throws: StoreError.self) { try MigrationFile(name: "0005_add_t.sql", sql: half) }
    }

    @Test(arguments: [
        "-- readable-by: 5\n-- writable-by: 4\n",  // a writer that may not read
        "-- readable-by: 6\n-- writable-by: 6\n",  // above its own version
        "-- readable-by: 0\n-- writable-by: 4\n",
        "-- readable-by: four\n-- writable-by: 4\n",
        "-- readable-by: 4\n-- readable-by: 4\n-- writable-by: 4\n",
    ])
    func declaredNumbersThatCannotHoldAreRefused(header: String) {
        #expect(throws: StoreError.self) { try MigrationFile(name: "0005_add_t.sql", sql: header + "CREATE TABLE t (x);") }
    }

    @Test func theShippedMigrationsOneToFourDeclareNothingAndAreUnchanged() throws {
        let shipped = try MigrationFile.embedded.get().filter { $0.version <= 4 }
        #expect(shipped.map(\.compatibility) == [nil, nil, nil, nil])
        // Their checksums are in every file: the rule changed none of them.
        #expect(
            shipped.map { String($0.checksum.prefix(12)) } == ["72790f953358", "69b430a6770c", "e243a6ea7fad", "011b3b9ddb27"])
    }

    @Test func theFixtureMigrationsDeclareTheirNumbers() throws {
        #expect(try SchemaBuild.additive6.migrations().last?.compatibility == SchemaCompatibility(readableBy: 4, writableBy: 4))
        #expect(try SchemaBuild.rewriting6.migrations().last?.compatibility == SchemaCompatibility(readableBy: 4, writableBy: 6))
    }

    // MARK: Recording

    @Test func aFileOfSchemaFourRecordsNothingAndIsReadableAndWritableByFourOnly() throws {
        try SchemaBuild.schema4.makeFile(at: stateFile.path)
        let db = try Database(path: stateFile.path)
        let status = try Migrator(migrations: SchemaBuild.schema4.migrations()).status(of: db)
        #expect(status.recordedCompatibility == nil)
        #expect(status.readableBy == 4 && status.writableBy == 4)
        #expect(try db.scalarInt("SELECT count(*) FROM pragma_table_info('schema_history') WHERE name LIKE '%able_by'") == 0)
    }

    @Test func applyingAMigrationThatDeclaresRecordsItsNumbersInTheHistory() throws {
        try SchemaBuild.rewriting6.makeFile(at: stateFile.path)
        let db = try Database(path: stateFile.path)
        #expect(
            try db.fetchAll("SELECT version, readable_by, writable_by FROM schema_history ORDER BY version") {
                "\($0.int(0)):\($0.isNull(1) ? "-" : "\($0.int(1))")/\($0.isNull(2) ? "-" : "\($0.int(2))")"
            } == ["1:-/-", "2:-/-", "3:-/-", "4:-/-", "5:4/4", "6:4/6"])
        let status = try Migrator(migrations: SchemaBuild.rewriting6.migrations()).status(of: db)
        #expect(status.recordedCompatibility == SchemaCompatibility(readableBy: 4, writableBy: 6))
        #expect(status.applied.allSatisfy { $0.isIntact && !$0.isNewer })
    }

    // MARK: An older build on a newer file

    /// The issue's reproduction: one table more and `user_version = 5`, nothing recorded.
    @Test func aNewerFileThatRecordsNothingIsRefusedAsBefore() throws {
        try SchemaBuild.schema4.makeFile(at: stateFile.path)
        let db = try Database(path: stateFile.path)
        try db.executeScript(
            "CREATE TABLE extra (x); INSERT INTO schema_history VALUES (5, '0005_extra.sql', 'x', 'now'); PRAGMA user_version = 5")
        db.close()
        let before = file()
        #expect(throws: StoreError.databaseNewer(path: stateFile.path, schemaVersion: 5, latestKnown: 4)) { try store(.schema4) }
        #expect(file() == before)
    }

    @Test func anOlderBuildReadsAndWritesAnAdditiveFileWithoutMigratingIt() throws {
        try SchemaBuild.additive6.makeFile(at: stateFile.path)
        let schemaBefore = try Database(path: stateFile.path).schemaDump()
        let filesBefore = try siblings()
        let older = try store(.schema5)
        #expect(older.schemaVersion == 6)
        #expect(try older.record(account: "default", scene: "main", kind: "catalog")?.version == 3)
        try older.saveRecord(#"{"version":3,"query":"older"}"#, version: 3, account: "default", scene: "main", kind: "catalog")
        try older.saveRecord(#"{"version":1,"query":"new"}"#, version: 1, account: "dave", scene: "w", kind: "notes")
        #expect(try recordWrites(older).filter { $0.hasPrefix("default/main/") || $0.hasPrefix("dave/") } == ["dave/w/notes=1", "default/main/catalog=1"])
        older.close()
        #expect(try siblings() == filesBefore, "no backup, nothing moved aside")
        let db = try Database(path: stateFile.path)
        #expect(try db.scalarInt("PRAGMA user_version") == 6)
        #expect(try db.schemaDump() == schemaBefore)
        // Every record has its row of the newer table, and nothing else does.
        #expect(try db.scalarInt("SELECT count(*) FROM scene_state") == db.scalarInt("SELECT count(*) FROM record_write"))
        #expect(try db.scalarInt("SELECT count(*) FROM record_write w LEFT JOIN scene_state s USING (account, scene, kind) WHERE s.account IS NULL") == 0)
    }

    @Test func anOlderBuildOnlyReadsAFileWritableByNewerBuilds() throws {
        try SchemaBuild.rewriting6.makeFile(at: stateFile.path)
        let before = file()
        #expect(throws: StoreError.databaseNewerReadOnly(path: stateFile.path, schemaVersion: 6, latestKnown: 5, writableBy: 6)) { try store(.schema5) }
        #expect(throws: StoreError.databaseNewerReadOnly(path: stateFile.path, schemaVersion: 6, latestKnown: 4, writableBy: 6)) { try store(.schema4) }
        #expect(file() == before)
        let reader = try Store(readingExistingFileAt: stateFile.path)
        #expect(try reader.record(account: "default", scene: "main", kind: "catalog")?.version == 3)
        reader.close()
        #expect(throws: StoreError.databaseNewer(path: stateFile.path, schemaVersion: 6, latestKnown: 3)) { try store(.schema3) }
        #expect(file() == before)
    }

    @Test func anOlderBuildNeverTakesANewerFileForDamagedOrEdited() throws {
        try SchemaBuild.additive6.makeFile(at: stateFile.path)
        let db = try Database(path: stateFile.path)
        let older = try Migrator(migrations: SchemaBuild.schema5.migrations())
        let status = try older.status(of: db)
        #expect(status.isNewer)
        #expect(status.applied.map(\.isNewer) == [false, false, false, false, false, true])
        #expect(status.applied.prefix(5).allSatisfy { $0.isIntact })
        #expect(status.recordedCompatibility == SchemaCompatibility(readableBy: 4, writableBy: 4))
        #expect(throws: StoreError.databaseNewer(path: stateFile.path, schemaVersion: 6, latestKnown: 5)) { try older.migrate(db) }
        #expect(try siblings().allSatisfy { !$0.contains(".backup-v") && !$0.contains(".corrupt-") })
    }

    @Test func anotherBuildsMigrationOfTheSameNumberIsRefusedNotMovedAside() throws {
        try SchemaBuild.additive6.makeFile(at: stateFile.path)
        let before = file()
        #expect {
            try store(.rewriting6)
        } throws: { error in
            guard case .checksumMismatch(_, 6, _) = error as? StoreError else { return false }
            return true
        }
        #expect(file() == before)
    }

    // MARK: Each write transaction

    @Test func anOlderStoreKeepsWritingAfterTheAppMigratesItsFileAdditively() throws {
        try SchemaBuild.schema5.makeFile(at: stateFile.path)
        let older = try store(.schema5)
        defer { older.close() }
        try older.saveRecord(#"{"version":3}"#, version: 3, account: "default", scene: "a", kind: "catalog")
        // The app migrates the file to an additive schema 6 while the older store is open.
        try store(.additive6).close()
        try older.saveRecord(#"{"version":3}"#, version: 3, account: "default", scene: "b", kind: "catalog")
        #expect(try recordWrites(older).contains("default/b/catalog=1"))
    }

    @Test func aWriteAfterAMigrationTheOlderBuildMayNotWriteIsRefused() throws {
        try SchemaBuild.schema5.makeFile(at: stateFile.path)
        let older = try store(.schema5)
        defer { older.close() }
        try older.saveRecord(#"{"version":3}"#, version: 3, account: "default", scene: "a", kind: "catalog")
        try store(.rewriting6).close()
        #expect(throws: StoreError.databaseNewerReadOnly(path: stateFile.path, schemaVersion: 6, latestKnown: 5, writableBy: 6)) {
            try older.saveRecord(#"{"version":3}"#, version: 3, account: "default", scene: "b", kind: "catalog")
        }
        #expect(try older.record(account: "default", scene: "b", kind: "catalog") == nil)
        // Refused again, not remembered as checked.
        #expect(throws: StoreError.self) { try older.writeTransaction { try older.database.execute("DELETE FROM restore_mark") } }
    }
}
