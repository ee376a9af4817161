import CSQLite
import Foundation
import MigrationHeader

extension Migrator {
    /// Applies pending migrations up to `target` (default: the latest), backing up a database
    /// that has data first. Returns what it applied, in order.
    @discardableResult
    package func migrate(
        _ db: Database,
        upTo target: Int? = nil,
        progress: (MigrationProgress) -> Void = { _ in }
    ) throws -> [MigrationFile] {
        let status = try validatedStatus(of: db)
        let plan = try pending(in: status, upTo: target)
        guard !plan.isEmpty else {
            // Another process may have migrated the file since the caller looked: this
            // connection still needs WAL and its configured durability before it writes.
            if status.schemaVersion > 0 { try Self.reading(db.path) { try db.activateWriteAheadLog() } }
            return []
        }
        try checkDataSteps(plan)
        // A database whose tables hold no row but the schema history's (a new file that another
        // first opener is migrating, one step ahead) has nothing a backup could save, and an
        // empty `<db>.backup-v<N>` would only read as a valid, empty database later.
        if status.schemaVersion > 0, try Self.reading(db.path, { try db.holdsRows(besides: ["schema_history"]) }) { try backUp(db, version: status.schemaVersion) }
        try Self.reading(db.path) { try db.activateWriteAheadLog() }
        // Each migration commits on its own; the log is copied into the file once, after the last.
        let applied = try db.checkpointingOnce { try plan.filter { try apply($0, to: db, progress: progress) } }
        // A rename (0004's) opened SQLite's temp database, which every later write
        // transaction on this connection would begin and commit too: close it. Only a cost is
        // at stake, so a failure to close it never fails the migration that succeeded.
        try? db.releaseTemporarySchema()
        return applied
    }

    /// Runs one migration in its own transaction. Returns false when another process applied
    /// it while this one waited for the lock.
    func apply(_ migration: MigrationFile, to db: Database, progress: (MigrationProgress) -> Void) throws -> Bool {
        do {
            return try applying(migration, to: db, progress: progress)
        } catch let error as StoreError where error.isSQLiteFailure && !error.isBusy {
            // A failure of the transaction itself (its COMMIT out of space) is the migration's
            // too, named as one; waiting for the lock is not.
            throw StoreError.migrationFailed(version: migration.version, name: migration.name, error: error)
        }
    }

    private func applying(_ migration: MigrationFile, to db: Database, progress: (MigrationProgress) -> Void) throws -> Bool {
        try db.writeTransaction {
            // Re-read inside the write lock: the version may have moved while we waited.
            let current = try Self.reading(db.path) { try Self.currentVersion(of: db) }
            guard current == migration.version - 1 else {
                if current >= migration.version { return false }
                throw StoreError.invalidTarget(requested: migration.version, current: current, latest: latestVersion)
            }
            progress(MigrationProgress(version: migration.version, name: migration.name, recordsDone: 0, recordsTotal: nil))
            do {
                if migration.version == 1 {
                    try db.executeScript(
                        """
                        PRAGMA application_id = \(Database.applicationID);
                        CREATE TABLE schema_history (
                            version    INTEGER PRIMARY KEY,
                            name       TEXT NOT NULL,
                            checksum   TEXT NOT NULL,
                            applied_at TEXT NOT NULL
                        );
                        """
                    )
                }
                try db.executeScript(migration.sql)
                if let work = dataMigration(for: migration.version) {
                    try work(RecordRewriter(database: db, schemaVersion: migration.version, kindBeforeKinds: kindBeforeKinds)) { step in
                        progress(MigrationProgress(version: migration.version, name: migration.name, recordsDone: step.recordsDone, recordsTotal: step.recordsTotal))
                    }
                }
                try db.execute(
                    "INSERT INTO schema_history (version, name, checksum, applied_at) VALUES (?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))",
                    [.int(migration.version), .text(migration.name), .text(migration.checksum)]
                )
                if let compatibility = migration.compatibility {
                    try RecordedCompatibility.record(compatibility, of: migration.version, in: db)
                }
                try db.executeScript("PRAGMA user_version = \(migration.version)")
            } catch let error as StoreError where error.isSQLiteFailure {
                throw StoreError.migrationFailed(version: migration.version, name: migration.name, error: error)
            }
            if let table = try db.fetchOne("PRAGMA foreign_key_check", row: { $0.string(0) }) {
                throw StoreError.foreignKeyViolation(version: migration.version, name: migration.name, table: table ?? "?")
            }
            return true
        }
    }

    /// The error to throw instead of migrating `file` (of schema `version`), when it is over
    /// ``sizeLimitBytes``; nil when the migration may run.
    func deferral(of file: DatabaseFile, version: Int) -> StoreError? {
        guard let limit = sizeLimitBytes, version > 0, version < latestVersion else { return nil }
        let path = file.path
        let bytes = [path, path + "-wal"].reduce(0) { total, file in
            var status = stat()
            return total + (stat(file, &status) == 0 ? Int(status.st_size) : 0)
        }
        return bytes > limit ? .migrationDeferred(path: path, schemaVersion: version, bytes: bytes) : nil
    }

    /// The database's status after the refusals (newer, edited, foreign, corrupt). A refused
    /// connection will not checkpoint its log into the file when it closes, so the file stays
    /// exactly as found.
    func validatedStatus(of db: Database) throws -> SchemaStatus {
        do {
            let status = try status(of: db)
            try validate(status, path: db.path)
            return status
        } catch let error as StoreError where error.isRefusal {
            db.disableCheckpointOnClose()
            throw error
        }
    }

    /// Refuses, before anything is written, a plan with a declared data step nobody registered.
    func checkDataSteps(_ plan: [MigrationFile]) throws {
        for migration in plan {
            if let step = migration.declaredDataStep, dataMigration(for: migration.version) == nil {
                throw StoreError.dataStepMissing(version: migration.version, name: migration.name, step: step)
            }
        }
    }

    func validate(_ status: SchemaStatus, path: String) throws {
        if status.isNewer {
            throw StoreError.databaseNewer(path: path, schemaVersion: status.schemaVersion, latestKnown: latestVersion)
        }
        if let broken = status.applied.first(where: { !$0.isIntact && !$0.isNewer }) {
            let name = migrations.first { $0.version == broken.version }?.name ?? broken.name
            throw StoreError.checksumMismatch(path: path, version: broken.version, name: name)
        }
    }

    func pending(in status: SchemaStatus, upTo target: Int?) throws -> [MigrationFile] {
        let target = target ?? latestVersion
        // A target is a schema version: 1 at least (migrating a new file "to 0" created an
        // empty file of no schema and called it done).
        guard target <= latestVersion, target >= status.schemaVersion, target >= 1 else {
            throw StoreError.invalidTarget(requested: target, current: status.schemaVersion, latest: latestVersion)
        }
        return status.pending.filter { $0.version <= target }
    }
}
