import Foundation
import TestSupport
import Testing

@testable import StateStore

@Suite struct MigratorTests {
    let stateFile: StateFile

    init() throws { stateFile = try StateFile() }

    private func migrated(upTo version: Int? = nil) throws -> Database {
        let db = try Database(path: stateFile.path)
        try Migrator.withNoOpDataSteps().migrate(db, upTo: version)
        return db
    }

    private func file() -> Data { stateFile.folder.contents("state.sqlite") ?? Data() }

    @Test func freshDatabaseReachesTheLatestVersion() throws {
        let db = try migrated()
        let migrator = try Migrator.withNoOpDataSteps()
        let status = try migrator.status(of: db)
        #expect(status.schemaVersion == migrator.latestVersion)
        #expect(status.pending.isEmpty)
        #expect(status.applied.map(\.version) == Array(1...migrator.latestVersion))
        #expect(status.applied.allSatisfy { $0.isIntact })
        #expect(try db.scalarInt("PRAGMA user_version") == migrator.latestVersion)
        #expect(try db.scalarInt("PRAGMA application_id") == Int(Database.applicationID))
        #expect(try db.integrityCheck() == "ok")
        #expect(try db.fetchOne("PRAGMA journal_mode") { $0.string(0) } == "wal")
    }

    @Test func stepByStepMigrationMatchesAFreshSchema() throws {
        let migrator = try Migrator.withNoOpDataSteps()
        let stepwise = try Database(path: stateFile.path)
        for version in 1...migrator.latestVersion {
            try migrator.migrate(stepwise, upTo: version)
            #expect(try stepwise.scalarInt("PRAGMA user_version") == version)
        }
        let fresh = try Database(path: stateFile.path("fresh.sqlite"))
        try migrator.migrate(fresh)
        #expect(try stepwise.schemaDump() == fresh.schemaDump())
    }

    /// 0004's `ALTER TABLE … RENAME` opens SQLite's temp database; a connection that keeps
    /// it would begin and commit it in every later write transaction.
    @Test func migratingLeavesNoTempDatabaseOpen() throws {
        let db = try migrated()
        #expect(try db.fetchAll("PRAGMA database_list") { $0.string(1) } == ["main"])
        #expect(!db.hasTemporarySchemaOpen)
        try db.writeTransaction { try db.execute("DELETE FROM schema_history WHERE version < 0") }
        #expect(!db.hasTemporarySchemaOpen)
    }

    @Test func migratingTwiceAppliesNothingTheSecondTime() throws {
        let db = try migrated()
        #expect(try Migrator.withNoOpDataSteps().migrate(db).isEmpty)
    }

    @Test func dryRunPlanChangesNothing() throws {
        let db = try migrated(upTo: 1)
        db.close()
        let before = file()
        let reader = try Database(path: stateFile.path, configuration: .init(access: .readOnly))
        let plan = try Migrator.withNoOpDataSteps().plan(for: reader)
        #expect(plan.map(\.version) == [2, 3, 4, 5])
        reader.close()
        #expect(file() == before)
    }

    @Test func newerDatabaseIsRefusedAndLeftUnchanged() throws {
        let db = try migrated()
        try db.executeScript("PRAGMA user_version = 99")
        db.close()
        let before = file()
        let reopened = try Database(path: stateFile.path)
        #expect {
            try Migrator.withNoOpDataSteps().migrate(reopened)
        } throws: { error in
            guard case .databaseNewer(_, 99, _) = error as? StoreError else { return false }
            return (error as? StoreError)?.errorDescription?.contains("newer") == true
        }
        reopened.close()
        #expect(file() == before)
    }

    @Test func editedMigrationIsRefusedNamingTheFile() throws {
        let db = try migrated(upTo: 1)
        try db.execute("UPDATE schema_history SET checksum = 'edited' WHERE version = 1")
        db.close()
        let before = file()
        let reopened = try Database(path: stateFile.path)
        #expect {
            try Migrator.withNoOpDataSteps().migrate(reopened)
        } throws: { error in
            (error as? StoreError)?.errorDescription?.contains("0001_create_scene_state.sql") == true
        }
        reopened.close()
        #expect(file() == before)
    }

    @Test func anotherProgramsDatabaseIsRefusedAndLeftUnchanged() throws {
        try expectRefusedAsForeign(after: "PRAGMA application_id = 42; CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('Ada');", applicationID: 42)
        #expect(!FileManager.default.fileExists(atPath: stateFile.path + "-wal"))
    }

    @Test func anotherProgramsWriteAheadLogIsNotCheckpointedIntoItsFileWhenRefused() throws {
        let other = try Database(path: stateFile.path)
        try other.activateWriteAheadLog()
        try other.executeScript("PRAGMA application_id = 42; CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('kept in the log');")
        other.disableCheckpointOnClose()
        other.close()
        let before = file()
        let log = stateFile.folder.contents("state.sqlite-wal")
        #expect(log?.isEmpty == false)
        let db = try Database(path: stateFile.path)
        #expect(throws: StoreError.foreignDatabase(path: stateFile.path, applicationID: 42)) { try Migrator.withNoOpDataSteps().migrate(db) }
        db.close()
        #expect(file() == before)
        #expect(stateFile.folder.contents("state.sqlite-wal") == log)
    }

    @Test func sqliteFileWithoutApplicationIDButWithTablesIsForeign() throws {
        try expectRefusedAsForeign(after: "CREATE TABLE contacts (name TEXT)", applicationID: 0)
    }

    /// Writes `script` into the file as another program would, then expects the migration to
    /// refuse it as that program's (`applicationID`) and leave its bytes as they were.
    private func expectRefusedAsForeign(after script: String, applicationID: Int32, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let other = try Database(path: stateFile.path)
        try other.executeScript(script)
        other.close()
        let before = file()
        let db = try Database(path: stateFile.path)
        #expect(throws: StoreError.foreignDatabase(path: stateFile.path, applicationID: applicationID), sourceLocation: sourceLocation) {
            try Migrator.withNoOpDataSteps().migrate(db)
        }
        db.close()
        #expect(file() == before, sourceLocation: sourceLocation)
    }

    @Test func fileThatIsNotADatabaseIsReportedCorruptAndLeftUnchanged() throws {
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        _ = FileManager.default.createFile(atPath: stateFile.path, contents: garbage)
        let db = try Database(path: stateFile.path)
        #expect {
            try Migrator.withNoOpDataSteps().migrate(db)
        } throws: { error in
            guard case .corrupt = error as? StoreError else { return false }
            return true
        }
        db.close()
        #expect(file() == garbage)
    }

    @Test func zeroLengthFileIsAnEmptyDatabase() throws {
        _ = FileManager.default.createFile(atPath: stateFile.path, contents: Data())
        let db = try migrated()
        #expect(try db.scalarInt("PRAGMA user_version") == (try Migrator().latestVersion))
    }

    @Test func failingMigrationLeavesThePreviousVersionAndContent() throws {
        let good = try MigrationFile(name: "0001_t.sql", sql: "CREATE TABLE t (x); INSERT INTO t VALUES (1);")
        let bad = try MigrationFile(name: "0002_bad.sql", sql: "CREATE TABLE u (y); INSERT INTO t VALUES (2); SELECT * FROM missing_table;")
        let db = try Database(path: stateFile.path)
        try Migrator(migrations: [good]).migrate(db)
        #expect {
            try Migrator(migrations: [good, bad]).migrate(db)
        } throws: { error in
            guard case .migrationFailed(2, "0002_bad.sql", _) = error as? StoreError else { return false }
            return true
        }
        #expect(try db.scalarInt("PRAGMA user_version") == 1)
        #expect(try db.fetchAll("SELECT x FROM t") { $0.int(0) } == [1])
        #expect(try db.scalarInt("SELECT count(*) FROM sqlite_schema WHERE name = 'u'") == 0)
        #expect(try db.scalarInt("SELECT count(*) FROM schema_history") == 1)
    }

    @Test func migrationViolatingAForeignKeyIsRolledBack() throws {
        let parent = try MigrationFile(name: "0001_p.sql", sql: "CREATE TABLE p (id INTEGER PRIMARY KEY);")
        let child = try MigrationFile(
            name: "0002_c.sql",
            sql: "PRAGMA defer_foreign_keys = ON; CREATE TABLE c (p INTEGER REFERENCES p(id) DEFERRABLE INITIALLY DEFERRED); INSERT INTO c VALUES (7);"
        )
        let db = try Database(path: stateFile.path)
        #expect(throws: StoreError.self) { try Migrator(migrations: [parent, child]).migrate(db) }
        #expect(try db.scalarInt("PRAGMA user_version") == 1)
        #expect(try db.scalarInt("SELECT count(*) FROM sqlite_schema WHERE name = 'c'") == 0)
    }

    /// A file another first opener left a step short of the latest version holds no rows, so
    /// the opener that finishes it makes no (empty) backup of it.
    @Test func aDatabaseWithNoRowsIsMigratedWithoutABackup() throws {
        let files = try (1...3).map { version in try MigrationFile(name: String(format: "%04d_m.sql", version), sql: "CREATE TABLE t\(version) (x);") }
        let db = try Database(path: stateFile.path)
        try Migrator(migrations: files).migrate(db, upTo: 2)
        try Migrator(migrations: files).migrate(db)
        #expect(try db.scalarInt("PRAGMA user_version") == 3)
        #expect(stateFile.folder.contents("state.sqlite.backup-v2") == nil)
        // One row anywhere is worth a backup.
        try db.execute("INSERT INTO t1 VALUES (1)")
        let more = files + [try MigrationFile(name: "0004_m.sql", sql: "CREATE TABLE t4 (x);")]
        try Migrator(migrations: more).migrate(db)
        #expect(stateFile.folder.contents("state.sqlite.backup-v3") != nil)
    }

    /// A migration waits for another process's backup of the file (its lock on
    /// `<db>.backup-lock`) only as long as a statement waits for a lock, then throws
    /// `SQLITE_BUSY` with nothing migrated: a migrator stopped mid-backup made every writer wait
    /// for good. The lock is an `flock`, which another open of the file conflicts with even in
    /// this process.
    @Test func aBackupLockHeldElsewhereIsWaitedForAsABusyDatabaseIsThenRefused() throws {
        let files = try (1...2).map { version in
            try MigrationFile(name: String(format: "%04d_m.sql", version), sql: "CREATE TABLE t\(version) (x); INSERT INTO t\(version) VALUES (1);")
        }
        var configuration = DatabaseConfiguration()
        configuration.busyTimeoutMilliseconds = 100
        let db = try Database(path: stateFile.path, configuration: configuration)
        defer { db.close() }
        try Migrator(migrations: Array(files.prefix(1))).migrate(db)
        let holder = open(stateFile.path + ".backup-lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        try #require(holder >= 0 && flock(holder, LOCK_EX | LOCK_NB) == 0)
        let start = ContinuousClock.now
        do {
            try Migrator(migrations: files).migrate(db)
            Issue.record("the migration went on under another process's backup lock")
        } catch let error as StoreError {
            #expect(error.isBusy, "\(error)")
            #expect(error.message.contains("backup-lock"), "\(error.message)")
        }
        #expect(start.duration(to: .now) < .seconds(5))
        #expect(try db.scalarInt("PRAGMA user_version") == 1)
        close(holder)
        try Migrator(migrations: files).migrate(db)
        #expect(try db.scalarInt("PRAGMA user_version") == 2)
    }

    @Test func databaseWithDataIsBackedUpBeforeMigratingAndOnlyTheLastFewBackupsAreKept() throws {
        var files: [MigrationFile] = []
        for version in 1...6 {
            let declaration = version >= 5 ? "-- readable-by: \(version)\n-- writable-by: \(version)\n" : ""
            files.append(
                try MigrationFile(name: String(format: "%04d_m.sql", version), sql: declaration + "CREATE TABLE t\(version) (x); INSERT INTO t\(version) VALUES (\(version));"))
        }
        let db = try Database(path: stateFile.path)
        try Migrator(migrations: Array(files.prefix(1))).migrate(db)
        #expect(stateFile.folder.contents("state.sqlite.backup-v0") == nil)  // nothing to back up in a new file
        for version in 2...6 {
            try Migrator(migrations: Array(files.prefix(version))).migrate(db)
        }
        let backups = try FileManager.default.contentsOfDirectory(atPath: stateFile.folder.url.path).filter { $0.contains(".backup-v") }.sorted()
        #expect(backups == ["state.sqlite.backup-v3", "state.sqlite.backup-v4", "state.sqlite.backup-v5"])
        let backup = try Database(path: stateFile.path("state.sqlite.backup-v5"))
        #expect(try backup.scalarInt("PRAGMA user_version") == 5)
        #expect(try backup.scalarInt("SELECT x FROM t5") == 5)
    }

    /// Only regular files are backups: a link or a folder at the backup's path (or its
    /// `.partial`) refuses the migration before anything is copied or changed, and the pruning
    /// neither counts nor removes folders named like backups (it emptied them, contents and all).
    @Test func aBackupIsNeverWrittenThroughALinkAndAFolderNamedLikeOneIsKept() throws {
        var files: [MigrationFile] = []
        for version in 1...3 {
            files.append(try MigrationFile(name: String(format: "%04d_m.sql", version), sql: "CREATE TABLE t\(version) (x); INSERT INTO t\(version) VALUES (\(version));"))
        }
        let db = try Database(path: stateFile.path)
        try Migrator(migrations: Array(files.prefix(1))).migrate(db)
        let victim = try stateFile.write("my notes", to: "victim.txt")
        for obstacle in ["state.sqlite.backup-v1", "state.sqlite.backup-v1.partial"] {
            #expect(symlink("victim.txt", stateFile.path(obstacle)) == 0)
            let before = file()
            #expect {
                try Migrator(migrations: Array(files.prefix(2))).migrate(db)
            } throws: { error in
                guard case .sqlite(_, let message, _, _) = error as? StoreError else { return false }
                return message.contains("\(obstacle) is a symbolic link, not a regular file")
            }
            #expect(try db.scalarInt("PRAGMA user_version") == 1)
            #expect(file() == before)
            #expect(FileManager.default.contents(atPath: victim) == Data("my notes".utf8))
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: stateFile.path(obstacle)) == "victim.txt")
            unlink(stateFile.path(obstacle))
        }
        try FileManager.default.createDirectory(atPath: stateFile.path("state.sqlite.backup-v0"), withIntermediateDirectories: false)
        try stateFile.write("precious", to: "state.sqlite.backup-v0/keep.txt")
        var keepingOne = try Migrator(migrations: Array(files.prefix(2)))
        keepingOne.backupsKept = 1
        try keepingOne.migrate(db)
        keepingOne = try Migrator(migrations: files)
        keepingOne.backupsKept = 1
        try keepingOne.migrate(db)
        #expect(stateFile.folder.contents("state.sqlite.backup-v0/keep.txt") == Data("precious".utf8))
        let backups = try FileManager.default.contentsOfDirectory(atPath: stateFile.folder.url.path).filter { $0.contains(".backup-v") }.sorted()
        #expect(backups == ["state.sqlite.backup-v0", "state.sqlite.backup-v2"])
    }

    @Test func targetBeyondTheLatestVersionIsRefused() throws {
        let db = try Database(path: stateFile.path)
        #expect(throws: StoreError.self) { try Migrator.withNoOpDataSteps().migrate(db, upTo: 999) }
        #expect(try db.ownership() == .empty)
    }

    @Test func concurrentMigratorsApplyEachMigrationExactlyOnce() async throws {
        let path = stateFile.path
        let results = try await withThrowingTaskGroup(of: [Int].self) { group in
            for _ in 0..<4 {
                group.addTask {
                    let db = try Database(path: path)
                    return try Migrator.withNoOpDataSteps().migrate(db).map(\.version)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let latest = try Migrator().latestVersion
        #expect(results.flatMap { $0 }.sorted() == Array(1...latest))
        let db = try Database(path: path)
        #expect(try db.scalarInt("SELECT count(*) FROM schema_history") == latest)
    }

    // MARK: Data steps

    private static let declaring = [
        "0001_t.sql": """
        CREATE TABLE scene_state (account TEXT, scene TEXT, version INTEGER, payload TEXT, updated_at REAL, PRIMARY KEY (account, scene));
        INSERT INTO scene_state (account, scene, version, payload, updated_at) VALUES ('a', 'x', 1, 'a', 1), ('a', 'y', 1, 'b', 1);
        """,
        "0002_rewrite.sql": "CREATE INDEX t_by_y ON scene_state (payload);\n-- data-step: rewrite-t\n",
    ]

    private func declaringMigrations() throws -> [MigrationFile] {
        try Self.declaring.keys.sorted().map { try MigrationFile(name: $0, sql: Self.declaring[$0]!) }
    }

    @Test func declaredDataStepIsReadFromItsCommentLine() throws {
        let files = try declaringMigrations()
        #expect(files.map(\.declaredDataStep) == [nil, "rewrite-t"])
        let embedded = try Migrator().migrations
        #expect(embedded.first { $0.version == 3 }?.declaredDataStep == "upgrade-catalog-records")
    }

    @Test func migrationDeclaringAnUnregisteredDataStepIsRefusedBeforeAnythingChanges() throws {
        let files = try declaringMigrations()
        let db = try Database(path: stateFile.path)
        try Migrator(migrations: Array(files.prefix(1))).migrate(db)
        let before = file()
        let refused = StoreError.dataStepMissing(version: 2, name: "0002_rewrite.sql", step: "rewrite-t")
        #expect(throws: refused) { try Migrator(migrations: files).migrate(db) }
        #expect(throws: refused) { try Migrator(migrations: files).plan(for: db) }
        #expect(throws: refused) { try Migrator(migrations: files).planForNewDatabase() }
        #expect(try db.scalarInt("PRAGMA user_version") == 1)
        #expect(file() == before)
        #expect(stateFile.folder.contents("state.sqlite.backup-v1") == nil)
    }

    @Test func plainMigratorRefusesTheCatalogRecordUpgrade() throws {
        let db = try Database(path: stateFile.path)
        #expect(throws: StoreError.dataStepMissing(version: 3, name: "0003_upgrade_catalog_records.sql", step: "upgrade-catalog-records")) {
            try Migrator().migrate(db)
        }
        #expect(try db.ownership() == .empty)
    }

    @Test func dataStepRunsInsideTheMigrationTransactionWithStampedProgress() throws {
        let files = try declaringMigrations()
        var migrator = try Migrator(migrations: files)
        migrator.kindBeforeKinds = "catalog"
        migrator.registerDataMigration(for: 2) { records, progress in
            try records.rewrite(kind: "catalog", progress: progress) { bytes in
                RecordRewrite(version: 2, payload: String(decoding: bytes, as: UTF8.self).uppercased())
            }
        }
        let db = try Database(path: stateFile.path)
        var reports: [MigrationProgress] = []
        try migrator.migrate(db) { reports.append($0) }
        #expect(
            reports == [
                MigrationProgress(version: 1, name: "0001_t.sql", recordsDone: 0, recordsTotal: nil),
                MigrationProgress(version: 2, name: "0002_rewrite.sql", recordsDone: 0, recordsTotal: nil),
                MigrationProgress(version: 2, name: "0002_rewrite.sql", recordsDone: 0, recordsTotal: 2),
                MigrationProgress(version: 2, name: "0002_rewrite.sql", recordsDone: 2, recordsTotal: 2),
            ])
        #expect(try db.fetchAll("SELECT payload, version FROM scene_state ORDER BY scene") { "\($0.string(0) ?? "")\($0.int(1))" } == ["A2", "B2"])
    }

    @Test func dataStepBeforeRecordKindsSeesNoRecordsOfAnotherKind() throws {
        var migrator = try Migrator(migrations: try declaringMigrations())
        migrator.registerDataMigration(for: 2) { records, progress in
            try records.rewrite(kind: "notes", progress: progress) { _ in
                Issue.record("a schema without kinds holds only catalog records")
                return nil
            }
        }
        let db = try Database(path: stateFile.path)
        try migrator.migrate(db)
        #expect(try db.fetchAll("SELECT payload FROM scene_state ORDER BY scene") { $0.string(0) } == ["a", "b"])
    }

    @Test func failingDataStepRollsBackItsMigrationWholly() throws {
        struct Refused: Error {}
        let files = try declaringMigrations()
        var migrator = try Migrator(migrations: files)
        migrator.kindBeforeKinds = "catalog"
        migrator.registerDataMigration(for: 2) { records, progress in
            try records.rewrite(kind: "catalog", progress: progress) { _ in RecordRewrite(version: 2, payload: "changed") }
            throw Refused()
        }
        let db = try Database(path: stateFile.path)
        #expect(throws: Refused.self) { try migrator.migrate(db) }
        #expect(try db.scalarInt("PRAGMA user_version") == 1)
        #expect(try db.fetchAll("SELECT payload FROM scene_state ORDER BY scene") { $0.string(0) } == ["a", "b"])
        #expect(try db.scalarInt("SELECT count(*) FROM sqlite_schema WHERE name = 't_by_y'") == 0)
    }
}
