import Foundation
import TestSupport
import Testing

@testable import StateStore

/// Disk-full and I/O errors at every step: each test first counts the file operations of one
/// kind that a save, a migration or a restore performs, then replays it once per operation with
/// that operation failing (once, or from then on), and checks that the call either succeeded or
/// threw a typed error, that the file passes `integrity_check` and that the previously saved
/// state is intact and restorable through the ordinary VFS. Kinds: read, write, sync, lock
/// (`xLock` and WAL `xShmLock`), truncate and file size; each with SQLITE_IOERR and SQLITE_FULL.
///
/// Serialized: the fault state in `CFaultInjection` is global to the process.
@Suite(.serialized) struct FaultInjectionTests {
    let dir: TemporaryDirectory

    init() throws {
        dir = try TemporaryDirectory()
    }

    static let oldPayload = #"{"query":"old"}"#
    static let newPayload = #"{"query":"new","rows":"\#(String(repeating: "n", count: 6_000))"}"#

    /// The records every save fixture starts with; the saves replace the first one.
    static var savedRecords: [StoredRecord] {
        [
            StoredRecord(account: "default", scene: "main", kind: "catalog", version: 1, payload: Data(oldPayload.utf8), updatedAt: 1),
            StoredRecord(account: "default", scene: "other", kind: "catalog", version: 1, payload: Data(#"{"query":"other"}"#.utf8), updatedAt: 1),
            StoredRecord(account: "second", scene: "main", kind: "catalog", version: 2, payload: Data(String(repeating: "s", count: 9_000).utf8), updatedAt: 1),
        ]
    }

    // MARK: Save

    @Test(arguments: Fault.all)
    func saveThatHitsAFaultKeepsTheOldRecordOrCommitsTheNewOne(fault: Fault) throws {
        let template = try makeSavedStore()
        var newRecords = Self.savedRecords
        newRecords[0] = StoredRecord(account: "default", scene: "main", kind: "catalog", version: 3, payload: Data(Self.newPayload.utf8), updatedAt: 2)
        // The span is the save and the close after it: closing checkpoints the WAL into the
        // database file, which is where most of a save's syncs and many of its writes happen.
        let counted = try Store(path: try copy(template, to: "count.sqlite"), configuration: FaultyVFS.configuration, migrator: .withNoOpDataSteps())
        let total = try FaultyVFS.countOperations(fault.kind) {
            try saveNewPayload(in: counted)
            counted.close()
        }
        try #require(total > 0, "a save performs \(fault.kind) operations")

        for n in 1...total {
            let path = try copy(template, to: "save-\(n).sqlite")
            let store = try Store(path: path, configuration: FaultyVFS.configuration, migrator: .withNoOpDataSteps())
            let (outcome, injected) = FaultyVFS.inject(fault, at: n) {
                let outcome = Result { try saveNewPayload(in: store) }
                #expect(!store.database.isInTransaction, "\(fault) at \(n): transaction left open")
                // A persistent fault stays while the connection closes (the disk is still full).
                if fault.isPersistent || (try? outcome.get()) != nil { store.close() }
                return outcome
            }
            #expect(injected >= 1, "\(fault) at \(n): the fault never fired")
            guard case .failure(let error) = outcome else {
                try expectIntactStore(at: path, holding: newRecords, after: "\(fault) at \(n)")
                continue
            }
            expectTypedStorageError(error, from: fault, at: n)
            try expectIntactStore(at: path, holding: Self.savedRecords, after: "\(fault) at \(n), failed save")
            if !fault.isPersistent {
                // Once the fault has passed, the same connection saves again.
                #expect(try store.record(account: "default", scene: "main", kind: "catalog") == Self.savedRecords[0], "\(fault) at \(n)")
                #expect(throws: Never.self, "\(fault) at \(n): retry") { try saveNewPayload(in: store) }
                store.close()
                try expectIntactStore(at: path, holding: newRecords, after: "\(fault) at \(n), retried save")
            }
        }
    }

    // MARK: Migration

    /// Each migration commits in its own transaction, so a fault can stop the run after some
    /// migrations committed: the file is then at whichever version committed last, with exactly
    /// that version's schema, every row, and a migration that completes when run again.
    @Test(arguments: Fault.all)
    func migrationThatHitsAFaultLeavesAWholeVersionWithEveryRowAndMigratesAgain(fault: Fault) throws {
        let migrator = try Migrator.withNoOpDataSteps()
        let template = try makeVersionOneDatabase()
        let rows = try sceneRows(at: template)
        let counted = try Database(path: try copy(template, to: "count.sqlite"), configuration: FaultyVFS.configuration)
        let total = try FaultyVFS.countOperations(fault.kind) {
            try migrator.migrate(counted)
            counted.close()
        }
        try #require(total > 0, "a migration performs \(fault.kind) operations")

        for n in 1...total {
            let path = try copy(template, to: "migrate-\(n).sqlite")
            let db = try Database(path: path, configuration: FaultyVFS.configuration)
            let (outcome, injected) = FaultyVFS.inject(fault, at: n) {
                let outcome = Result { try migrator.migrate(db) }
                #expect(!db.isInTransaction, "\(fault) at \(n): transaction left open")
                if fault.isPersistent || (try? outcome.get()) != nil { db.close() }
                return outcome
            }
            #expect(injected >= 1, "\(fault) at \(n): the fault never fired")
            let isMigrated = (try? outcome.get()) != nil
            if case .failure(let error) = outcome { expectTypedStorageError(error, from: fault, at: n) }

            let check = try Database(path: path)
            defer { check.close() }
            let version = try check.scalarInt("PRAGMA user_version")
            #expect((1...migrator.latestVersion).contains(version), "\(fault) at \(n): version \(version) after \(outcome)")
            if isMigrated { #expect(version == migrator.latestVersion, "\(fault) at \(n): migrate returned at version \(version)") }
            #expect(try check.integrityCheck() == "ok", "\(fault) at \(n)")
            #expect(try check.schemaDump() == referenceSchema(version: version), "\(fault) at \(n): not exactly the schema of version \(version)")
            #expect(try check.scalarInt("SELECT count(*) FROM schema_history") == version, "\(fault) at \(n)")
            #expect(try sceneRows(in: check) == rows, "\(fault) at \(n): rows changed")
            try expectNoPartialBackup(of: path, holding: rows, after: "\(fault) at \(n)")

            // Migrating again on healthy storage completes: on the same connection after a
            // passing fault, on a new one after a persistent fault closed it.
            let retry = db.isClosed ? check : db
            try migrator.migrate(retry)
            db.close()
            #expect(try check.scalarInt("PRAGMA user_version") == migrator.latestVersion, "\(fault) at \(n)")
            #expect(try check.integrityCheck() == "ok", "\(fault) at \(n)")
            #expect(try sceneRows(in: check) == rows, "\(fault) at \(n)")
        }
    }

    /// A plan's migrations each commit on their own, but the log is copied into the file, and
    /// both are synced, once, after the last: a plan of three large migrations syncs as often
    /// as a plan of one, and the file holds every page when `migrate` returns.
    @Test func aMigrationPlanCopiesItsLogIntoTheFileOnceAfterItsLastMigration() throws {
        // 2,000 rows of 3,000 bytes: each migration's commit leaves the log past the automatic
        // checkpoint's threshold of 1,000 pages.
        func large(_ version: Int) throws -> MigrationFile {
            try MigrationFile(
                name: String(format: "%04d_large.sql", version),
                sql: """
                    CREATE TABLE t\(version) (x);
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000)
                    INSERT INTO t\(version) SELECT randomblob(3000) FROM n;
                    """)
        }
        let first = try MigrationFile(name: "0001_first.sql", sql: "CREATE TABLE t1 (x);")
        var syncs: [Int] = []
        for (index, plan) in [try [large(2)], try (2...4).map(large)].enumerated() {
            let path = dir.path("plan-\(index).sqlite")
            let db = try Database(path: path, configuration: FaultyVFS.configuration)
            try Migrator(migrations: [first]).migrate(db)
            syncs.append(try FaultyVFS.countOperations(.sync) { try Migrator(migrations: [first] + plan).migrate(db) })
            var status = stat()
            #expect(stat(path, &status) == 0 && Int(status.st_size) >= plan.count * 2_000 * 3_000, "the log was copied into the file before migrate returned")
            #expect(try db.scalarInt("PRAGMA wal_autocheckpoint") == 1_000, "the automatic checkpoint is back")
            db.close()
        }
        #expect(syncs[0] > 0)
        #expect(syncs[1] == syncs[0], "a plan of three large migrations synced \(syncs[1]) times, one of them \(syncs[0])")
    }

    // MARK: Restore

    @Test(arguments: Fault.all)
    func restoreThatHitsAFaultReturnsTheRecordOrATypedError(fault: Fault) throws {
        let template = try makeSavedStore()
        let restore = { (path: String) throws -> StoredRecord? in
            let store = try Store(path: path, configuration: FaultyVFS.configuration, migrator: .withNoOpDataSteps())
            defer { store.close() }
            return try store.record(account: "default", scene: "main", kind: "catalog")
        }
        let counted = try copy(template, to: "count.sqlite")
        var restored: StoredRecord?
        let total = try FaultyVFS.countOperations(fault.kind) { restored = try restore(counted) }
        #expect(restored == Self.savedRecords[0])
        // A restore writes nothing, so only reads, locks and size checks have fault points; for
        // the other kinds the test checks just that: no such operation happens.
        #expect([.write, .sync, .truncate].contains(fault.kind) ? total == 0 : total > 0)
        for n in stride(from: 1, through: total, by: 1) {
            let path = try copy(template, to: "restore-\(n).sqlite")
            let (outcome, injected) = FaultyVFS.inject(fault, at: n) { Result { try restore(path) } }
            #expect(injected >= 1, "\(fault) at \(n): the fault never fired")
            switch outcome {
            case .success(let record):
                #expect(record == Self.savedRecords[0], "\(fault) at \(n): wrong record")
            case .failure(let error):
                expectTypedStorageError(error, from: fault, at: n)
            }
            try expectIntactStore(at: path, holding: Self.savedRecords, after: "\(fault) at \(n)")
        }
    }

    // MARK: Backup and open

    @Test(arguments: Fault.all)
    func backupThatHitsAFaultLeavesAWholeCopyOrNoFileAtAll(fault: Fault) throws {
        let template = try makeVersionOneDatabase()
        let rows = try sceneRows(at: template)
        // A new connection each time, so every run starts with a cold page cache.
        let backUp = { (destination: String) throws in
            let source = try Database(path: template, configuration: FaultyVFS.configuration)
            defer { source.close() }
            try source.backup(to: destination)
        }
        let total = try FaultyVFS.countOperations(fault.kind) { try backUp(dir.path("count.sqlite.backup-v1")) }
        // The copy is a new file in rollback-journal mode: its commit syncs and deletes the
        // journal, but truncates nothing.
        #expect(fault.kind == .truncate ? total == 0 : total > 0)
        for n in stride(from: 1, through: total, by: 1) {
            let path = dir.path("copy-\(n).sqlite")
            let (outcome, injected) = FaultyVFS.inject(fault, at: n) { Result { try backUp(path + ".backup-v1") } }
            #expect(injected >= 1, "\(fault) at \(n): the fault never fired")
            if case .failure(let error) = outcome {
                expectTypedStorageError(error, from: fault, at: n)
                #expect(!FileManager.default.fileExists(atPath: path + ".backup-v1"), "\(fault) at \(n): a failed backup left its file")
            } else {
                #expect(FileManager.default.fileExists(atPath: path + ".backup-v1"), "\(fault) at \(n)")
            }
            try expectNoPartialBackup(of: path, holding: rows, after: "\(fault) at \(n)")
        }
    }

    @Test func openThatFailsRemovesTheFileItCreatedButNeverAnExistingOne() throws {
        let fault = Fault(kind: .read, error: .ioError, isPersistent: true)
        let path = dir.path("new.sqlite")
        let (created, _) = FaultyVFS.inject(fault, at: 1) { Result { try Database(path: path, configuration: FaultyVFS.configuration) } }
        #expect(try #require(throws: StoreError.self) { try created.get() }.isSQLiteFailure)
        #expect(!FileManager.default.fileExists(atPath: path))

        let existing = try makeSavedStore()
        let before = FileManager.default.contents(atPath: existing)
        let (opened, _) = FaultyVFS.inject(fault, at: 1) { Result { try Store(path: existing, configuration: FaultyVFS.configuration, migrator: .withNoOpDataSteps()) } }
        #expect(try #require(throws: StoreError.self) { try opened.get() }.isSQLiteFailure)
        #expect(FileManager.default.contents(atPath: existing) == before)
        try expectIntactStore(at: existing, holding: Self.savedRecords, after: "failed open")
    }

    // MARK: Read-only storage

    @Test func saveThroughAReadOnlyConnectionFailsWithReadOnlyAndKeepsTheData() throws {
        let path = try makeSavedStore()
        let reader = try Store(readingExistingFileAt: path)
        #expect(try reader.record(account: "default", scene: "main", kind: "catalog") == Self.savedRecords[0])
        let error = try #require(throws: StoreError.self) {
            try reader.saveRecord(Self.newPayload, version: 3, account: "default", scene: "main", kind: "catalog", at: 2)
        }
        #expect(error.sqliteCode == .readOnly)
        #expect(error.localizedDescription.contains("readonly"))
        #expect(!reader.database.isInTransaction)
        #expect(try reader.record(account: "default", scene: "main", kind: "catalog") == Self.savedRecords[0])
        reader.close()
        try expectIntactStore(at: path, holding: Self.savedRecords, after: "read-only save")
    }

    // chmod cannot make a directory read-only for root (CAP_DAC_OVERRIDE ignores permission
    // bits), and this suite often runs as root in containers; the `.readOnly` test above covers
    // the same SQLite path (SQLITE_READONLY) there.
    @Test(.enabled(if: geteuid() != 0, "root ignores permission bits"))
    func storeInAReadOnlyDirectoryFailsWithATypedErrorAndKeepsTheData() throws {
        let folder = dir.path("locked")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = try makeSavedStore(at: folder + "/state.sqlite")
        chmod(path, 0o444)
        chmod(folder, 0o555)
        defer {
            chmod(folder, 0o755)
            chmod(path, 0o644)
        }
        do {
            let store = try Store(path: path, migrator: .withNoOpDataSteps())
            #expect(try store.record(account: "default", scene: "main", kind: "catalog") == Self.savedRecords[0])
            try store.saveRecord(Self.newPayload, version: 3, account: "default", scene: "main", kind: "catalog", at: 2)
            Issue.record("a save into a read-only directory succeeded")
        } catch {
            // Either opening (the WAL index cannot be created) or the save itself fails.
            let described = (error as? any LocalizedError)?.errorDescription ?? ""
            #expect(error is StoreError, "untyped error: \(error)")
            #expect(!described.isEmpty)
        }
        chmod(folder, 0o755)
        chmod(path, 0o644)
        try expectIntactStore(at: path, holding: Self.savedRecords, after: "read-only directory")
    }

    // MARK: Page limit

    @Test func exhaustingMaxPageCountFailsWithDiskFullAndKeepsEarlierRecords() throws {
        let path = dir.path("limited.sqlite")
        let store = try Store(path: path, migrator: .withNoOpDataSteps())
        let pages = try store.database.scalarInt("PRAGMA page_count")
        try store.database.executeScript("PRAGMA max_page_count = \(pages + 30)")
        let payload = { (index: Int) in "\(index):" + String(repeating: "p", count: 20_000) }

        var saved: [StoredRecord] = []
        var failure: StoreError?
        for index in 0..<100 {
            do {
                try store.saveRecord(payload(index), version: 1, account: "default", scene: "scene-\(index)", kind: "catalog", at: 1)
                saved.append(StoredRecord(account: "default", scene: "scene-\(index)", kind: "catalog", version: 1, payload: Data(payload(index).utf8), updatedAt: 1))
            } catch let error as StoreError where error.isSQLiteFailure {
                failure = error
                break
            }
        }
        let error = try #require(failure, "30 pages never filled up")
        #expect(error.sqliteCode == .full)
        #expect(error.localizedDescription.contains("database or disk is full"))
        #expect(!saved.isEmpty)
        #expect(!store.database.isInTransaction)
        #expect(try store.record(account: "default", scene: "scene-\(saved.count)", kind: "catalog") == nil)
        #expect(try store.database.integrityCheck() == "ok")

        // Once there is room again the same connection saves normally.
        try store.database.executeScript("PRAGMA max_page_count = 1073741823")
        try store.saveRecord(payload(saved.count), version: 1, account: "default", scene: "scene-\(saved.count)", kind: "catalog", at: 1)
        saved.append(StoredRecord(account: "default", scene: "scene-\(saved.count)", kind: "catalog", version: 1, payload: Data(payload(saved.count).utf8), updatedAt: 1))
        store.close()
        try expectIntactStore(at: path, holding: saved, after: "max_page_count")
    }

    // MARK: The VFS itself

    @Test func unarmedFaultyVFSPassesEveryOperationThroughAndCountsIt() throws {
        let path = try makeSavedStore()
        let writes = try FaultyVFS.countOperations(.write) {
            let store = try Store(path: path, configuration: FaultyVFS.configuration, migrator: .withNoOpDataSteps())
            try saveNewPayload(in: store)
            #expect(try store.record(account: "default", scene: "main", kind: "catalog")?.payload == Data(Self.newPayload.utf8))
            store.close()
        }
        #expect(writes > 0)
        #expect(FaultyVFS.operations(.read) > 0)
        #expect(FaultyVFS.injectedCount == 0)
    }

    // MARK: Helpers

    /// Replaces the first fixture record with a larger payload (so it spans several pages).
    private func saveNewPayload(in store: Store) throws {
        try store.saveRecord(Self.newPayload, version: 3, account: "default", scene: "main", kind: "catalog", at: 2)
    }

    /// A closed, checkpointed store at the latest version holding `savedRecords`.
    private func makeSavedStore(at path: String? = nil) throws -> String {
        let path = path ?? dir.path("template.sqlite")
        let store = try Store(path: path, migrator: .withNoOpDataSteps())
        for record in Self.savedRecords {
            try store.saveRecord(String(decoding: record.payload, as: UTF8.self), version: record.version, account: record.account, scene: record.scene, kind: "catalog", at: record.updatedAt)
        }
        store.close()
        return path
    }

    /// A closed database at schema version 1 with a few scene records.
    private func makeVersionOneDatabase() throws -> String {
        let path = dir.path("version-one.sqlite")
        let db = try Database(path: path)
        try Migrator.withNoOpDataSteps().migrate(db, upTo: 1)
        for record in Self.savedRecords {
            try db.execute(
                "INSERT INTO scene_state (account, scene, version, payload, updated_at) VALUES (?, ?, ?, ?, ?)",
                [.text(record.account), .text(record.scene), .int(record.version), .text(String(decoding: record.payload, as: UTF8.self)), .real(record.updatedAt)]
            )
        }
        db.close()
        return path
    }

    /// Copies a closed database file (and any WAL left beside it) to a fresh name in `dir`.
    private func copy(_ source: String, to name: String) throws -> String {
        let destination = dir.path(name)
        for suffix in ["", "-wal", "-shm", ".backup-v1"] {
            try? FileManager.default.removeItem(atPath: destination + suffix)
        }
        try FileManager.default.copyItem(atPath: source, toPath: destination)
        if FileManager.default.fileExists(atPath: source + "-wal") {
            try FileManager.default.copyItem(atPath: source + "-wal", toPath: destination + "-wal")
        }
        return destination
    }

    private func sceneRows(at path: String) throws -> [[SQLiteValue]] {
        let db = try Database(path: path)
        defer { db.close() }
        return try sceneRows(in: db)
    }

    private func sceneRows(in db: Database) throws -> [[SQLiteValue]] {
        try db.fetchAll("SELECT account, scene, version, payload, updated_at FROM scene_state ORDER BY account, scene") { row in
            (0..<5).map { row.value($0) }
        }
    }

    private func referenceSchema(version: Int) throws -> [String] {
        let db = try Database(path: dir.path("reference-v\(version).sqlite"))
        defer { db.close() }
        try Migrator.withNoOpDataSteps().migrate(db, upTo: version)
        return try db.schemaDump()
    }

    /// Reopens `path` through the ordinary VFS (recovering any WAL) and checks its integrity
    /// and that it holds exactly `records`.
    private func expectIntactStore(at path: String, holding records: [StoredRecord], after step: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let store = try Store(path: path, migrator: .withNoOpDataSteps())
        defer { store.close() }
        #expect(try store.database.integrityCheck() == "ok", "\(step)", sourceLocation: sourceLocation)
        var found: [StoredRecord] = []
        try store.forEachRecord { found.append($0) }
        #expect(found == records, "\(step): records differ", sourceLocation: sourceLocation)
    }

    /// Checks that the pre-migration backup beside `path`, when there is one, is a whole copy
    /// at version 1, and that no journal or WAL of a half-written copy is left beside it.
    private func expectNoPartialBackup(of path: String, holding rows: [[SQLiteValue]], after step: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let backup = path + ".backup-v1"
        let leftovers = ["-journal", "-wal", "-shm"].filter { FileManager.default.fileExists(atPath: backup + $0) }
        #expect(leftovers.isEmpty, "\(step): backup left \(leftovers)", sourceLocation: sourceLocation)
        guard FileManager.default.fileExists(atPath: backup) else { return }
        let copy = try Database(path: backup, configuration: DatabaseConfiguration(access: .readOnly))
        defer { copy.close() }
        #expect(try copy.integrityCheck() == "ok", "\(step): backup", sourceLocation: sourceLocation)
        #expect(try copy.scalarInt("PRAGMA user_version") == 1, "\(step): backup", sourceLocation: sourceLocation)
        #expect(try sceneRows(in: copy) == rows, "\(step): backup rows", sourceLocation: sourceLocation)
    }

    /// Checks that `error` is a storage error carrying the injected kind of failure and a
    /// readable description.
    private func expectTypedStorageError(_ error: any Error, from fault: Fault, at n: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let storageError: StoreError
        switch error {
        case StoreError.migrationFailed(_, _, let error): storageError = error
        case let error as StoreError where error.isSQLiteFailure: storageError = error
        default:
            Issue.record("\(fault) at \(n): unexpected error \(type(of: error)): \(error)", sourceLocation: sourceLocation)
            return
        }
        #expect(storageError.sqliteCode == fault.error, "\(fault) at \(n): \(storageError)", sourceLocation: sourceLocation)
        let description = (error as? any LocalizedError)?.errorDescription ?? ""
        #expect(description.contains(fault.error == .full ? "database or disk is full" : "disk I/O error"), "\(fault) at \(n): \(description)", sourceLocation: sourceLocation)
    }
}
