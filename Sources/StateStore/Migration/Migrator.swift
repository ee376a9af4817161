import CSQLite
import Foundation

/// Applies the numbered SQL migrations to a database, each in its own `BEGIN IMMEDIATE`
/// transaction together with its schema-history row.
///
/// A failure leaves the database at the previous version with its content unchanged. Two
/// processes migrating one file at once apply each migration exactly once: the second waits
/// for the write lock, re-reads the version and finds nothing to do.
///
/// ```swift
/// let migrator = try Migrator()
/// let applied = try migrator.migrate(db, upTo: 3)
/// ```
public struct Migrator: Sendable {
    /// Work to run inside a migration's transaction, after its SQL, for records that SQL alone
    /// cannot rewrite. It gets a ``RecordRewriter`` (bounded batches, one kind at a time) and
    /// passes the progress callback on to it (the migrator fills in the version and name).
    public typealias DataMigration = @Sendable (RecordRewriter, _ progress: (MigrationProgress) -> Void) throws -> Void

    /// The migrations this migrator knows, in version order.
    public let migrations: [MigrationFile]
    /// How many `<db>.backup-vN` copies to keep beside a database.
    public var backupsKept = 3
    /// When set, a store opening a file larger than this (with its `-wal`) that needs a
    /// migration does not run it and throws ``MigrationError/migrationDeferred(path:schemaVersion:bytes:)``
    /// instead: a launch hands a long migration to a background thread.
    public var sizeLimitBytes: Int?
    private var dataMigrations: [Int: DataMigration] = [:]

    /// A migrator over the migrations embedded in this build.
    public init() throws(MigrationError) {
        try self.init(migrations: MigrationFile.embeddedFiles())
    }

    /// A migrator over the given migrations (tests use this for failing or extra migrations).
    public init(migrations: [MigrationFile]) throws(MigrationError) {
        self.migrations = try MigrationFile.validated(migrations)
    }

    /// The newest version this migrator can produce.
    public var latestVersion: Int { migrations.last?.version ?? 0 }

    /// Registers work to run inside migration `version`'s transaction, after its SQL.
    ///
    /// A migration whose file declares `-- data-step: <name>` is refused
    /// (`MigrationError.dataStepMissing`) until work is registered for its version.
    public mutating func registerDataMigration(for version: Int, _ work: @escaping DataMigration) {
        dataMigrations[version] = work
    }

    // MARK: Reading

    /// Compares the database's schema history with this build's migrations. Reads only.
    package func status(of db: Database) throws -> SchemaStatus {
        // One snapshot: another process's migration must not commit between the reads.
        try Self.reading(db.path) { try db.readTransaction { try readStatus(of: db) } }
    }

    private func readStatus(of db: Database) throws -> SchemaStatus {
        let path = db.path
        let version: Int
        switch try db.ownership() {
        case .foreign(let applicationID): throw MigrationError.foreignDatabase(path: path, applicationID: applicationID)
        case .empty: version = 0
        case .ours(let schemaVersion): version = schemaVersion
        }
        try SchemaVerification.verify(db, version: version, migrations: migrations)
        let history = version == 0 ? [] : try Self.history(in: db)
        let applied = history.map { row in
            SchemaStatus.Applied(
                version: row.version, name: row.name, checksum: row.checksum, appliedAt: row.appliedAt,
                isIntact: migrations.first { $0.version == row.version }.map { $0.name == row.name && $0.checksum == row.checksum } ?? false,
                isNewer: row.version > latestVersion
            )
        }
        return SchemaStatus(
            schemaVersion: version,
            latestVersion: latestVersion,
            applied: applied,
            pending: migrations.filter { $0.version > version },
            recordedCompatibility: version == 0 ? nil : try RecordedCompatibility.read(from: db)
        )
    }

    /// What `migrate(_:upTo:)` would apply, after the same refusals, changing nothing.
    package func plan(for db: Database, upTo target: Int? = nil) throws -> [MigrationFile] {
        let plan = try pending(in: validatedStatus(of: db), upTo: target)
        try checkDataSteps(plan)
        return plan
    }

    /// What migrating a file that does not exist yet would apply.
    public func planForNewDatabase(upTo target: Int? = nil) throws -> [MigrationFile] {
        let plan = try pending(
            in: SchemaStatus(schemaVersion: 0, latestVersion: latestVersion, applied: [], pending: migrations, recordedCompatibility: nil), upTo: target)
        try checkDataSteps(plan)
        return plan
    }

    // MARK: Migrating

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
        if status.schemaVersion > 0, try Self.reading(db.path, { try Self.holdsRows(db) }) { try backUp(db, version: status.schemaVersion) }
        try Self.reading(db.path) { try db.activateWriteAheadLog() }
        var applied: [MigrationFile] = []
        for migration in plan where try apply(migration, to: db, progress: progress) {
            applied.append(migration)
        }
        return applied
    }

    /// Runs one migration in its own transaction. Returns false when another process applied
    /// it while this one waited for the lock.
    private func apply(_ migration: MigrationFile, to db: Database, progress: (MigrationProgress) -> Void) throws -> Bool {
        try db.writeTransaction {
            // Re-read inside the write lock: the version may have moved while we waited.
            let current = try Self.reading(db.path) { try Self.currentVersion(of: db) }
            guard current == migration.version - 1 else {
                if current >= migration.version { return false }
                throw MigrationError.invalidTarget(requested: migration.version, current: current, latest: latestVersion)
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
                if let work = dataMigrations[migration.version] {
                    try work(RecordRewriter(database: db, schemaVersion: migration.version)) { step in
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
            } catch let error as SQLiteError {
                throw MigrationError.migrationFailed(version: migration.version, name: migration.name, error: error)
            }
            if let table = try db.fetchOne("PRAGMA foreign_key_check", row: { $0.string(0) }) {
                throw MigrationError.foreignKeyViolation(version: migration.version, name: migration.name, table: table ?? "?")
            }
            return true
        }
    }

    // MARK: Helpers

    /// The error to throw instead of migrating the file at `path` (of schema `version`), when
    /// it is over ``sizeLimitBytes``; nil when the migration may run.
    func deferral(of path: String, version: Int) -> MigrationError? {
        guard let limit = sizeLimitBytes, version > 0, version < latestVersion else { return nil }
        let bytes = [path, path + "-wal"].reduce(0) { total, file in
            var status = stat()
            return total + (stat(file, &status) == 0 ? Int(status.st_size) : 0)
        }
        return bytes > limit ? .migrationDeferred(path: path, schemaVersion: version, bytes: bytes) : nil
    }

    /// The database's status after the refusals (newer, edited, foreign, corrupt). A refused
    /// connection will not checkpoint its log into the file when it closes, so the file stays
    /// exactly as found.
    private func validatedStatus(of db: Database) throws -> SchemaStatus {
        do {
            let status = try status(of: db)
            try validate(status, path: db.path)
            return status
        } catch let error as MigrationError where error.isRefusal {
            db.disableCheckpointOnClose()
            throw error
        }
    }

    /// Refuses, before anything is written, a plan with a declared data step nobody registered.
    private func checkDataSteps(_ plan: [MigrationFile]) throws {
        for migration in plan {
            if let step = migration.declaredDataStep, dataMigrations[migration.version] == nil {
                throw MigrationError.dataStepMissing(version: migration.version, name: migration.name, step: step)
            }
        }
    }

    private func validate(_ status: SchemaStatus, path: String) throws {
        if status.isNewer {
            throw MigrationError.databaseNewer(path: path, schemaVersion: status.schemaVersion, latestKnown: latestVersion)
        }
        if let broken = status.applied.first(where: { !$0.isIntact && !$0.isNewer }) {
            let name = migrations.first { $0.version == broken.version }?.name ?? broken.name
            throw MigrationError.checksumMismatch(path: path, version: broken.version, name: name)
        }
    }

    private func pending(in status: SchemaStatus, upTo target: Int?) throws -> [MigrationFile] {
        let target = target ?? latestVersion
        guard target <= latestVersion, target >= status.schemaVersion else {
            throw MigrationError.invalidTarget(requested: target, current: status.schemaVersion, latest: latestVersion)
        }
        return status.pending.filter { $0.version <= target }
    }

    /// Whether any table but the schema history holds a row. A database with none (a new file
    /// that another first opener is migrating, one step ahead) has nothing a backup could
    /// save, and an empty `<db>.backup-v<N>` would only read as a valid, empty database later.
    private static func holdsRows(_ db: Database) throws -> Bool {
        for table in try db.tableNames() where table != "schema_history" {
            if try db.fetchOne("SELECT 1 FROM \(Database.quotedIdentifier(table)) LIMIT 1", row: { _ in true }) != nil { return true }
        }
        return false
    }

    /// Copies the database to `<db>.backup-v<version>` with the online backup API and keeps
    /// only the newest `backupsKept` copies.
    ///
    /// Processes migrating one file at once take turns (an advisory lock on `<db>.backup-lock`)
    /// and copy to `<backup>.partial` first, renaming it into place only when the copy is still
    /// at `version`: otherwise they would delete each other's copy mid-write, or a process that
    /// waited while another migrated would replace the good backup with the migrated file.
    private func backUp(_ db: Database, version: Int) throws {
        let destination = "\(db.path).backup-v\(version)"
        let partial = destination + ".partial"
        try Self.withBackupLock(for: db.path) {
            try? FileManager.default.removeItem(atPath: partial)
            try Self.reading(db.path) { try db.backup(to: partial) }
            guard Self.userVersionInHeader(of: partial) == version else {
                try? FileManager.default.removeItem(atPath: partial)
                return
            }
            guard rename(partial, destination) == 0 else {
                let code = errno
                throw SQLiteError(extendedCode: SQLITE_CANTOPEN, message: "cannot rename \(partial) to \(destination): \(SystemErrorCause.describe(code))", systemErrorCode: code)
            }
        }
        let url = URL(fileURLWithPath: db.path)
        let folder = url.deletingLastPathComponent()
        let prefix = url.lastPathComponent + ".backup-v"
        let backups = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let versions = backups.compactMap { name in name.hasPrefix(prefix) ? Int(name.dropFirst(prefix.count)) : nil }
        for old in versions.sorted(by: >).dropFirst(max(backupsKept, 1)) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(prefix + String(old)))
        }
    }

    /// `PRAGMA user_version` read from the file header (big-endian, offset 60) without opening
    /// the file with SQLite, which would leave `-wal`/`-shm` files beside a backup in WAL mode.
    private static func userVersionInHeader(of path: String) -> Int? {
        guard let file = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? file.close() }
        guard (try? file.seek(toOffset: 60)) != nil, let bytes = try? file.read(upToCount: 4), bytes.count == 4 else { return nil }
        return Int(Int32(bitPattern: bytes.reduce(0) { $0 << 8 | UInt32($1) }))
    }

    /// Runs `body` holding an exclusive `flock` on `<path>.backup-lock`, which the system
    /// releases if the process dies. The lock file stays: removing it would race with waiters.
    private static func withBackupLock(for path: String, _ body: () throws -> Void) throws {
        let lockPath = path + ".backup-lock"
        let descriptor: Int32
        do {
            descriptor = try SiblingFile.open(lockPath, O_RDWR | O_CREAT)
        } catch {
            throw SQLiteError(extendedCode: SQLITE_CANTOPEN, message: error.localizedDescription, systemErrorCode: error.errno)
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let code = errno
                throw SQLiteError(extendedCode: SQLITE_CANTOPEN, message: "cannot lock \(lockPath): \(SystemErrorCause.describe(code))", systemErrorCode: code)
            }
        }
        try body()
    }

    private struct HistoryRow {
        let version: Int, name: String, checksum: String, appliedAt: String
    }

    private static func history(in db: Database) throws -> [HistoryRow] {
        try db.fetchAll("SELECT version, name, checksum, applied_at FROM schema_history ORDER BY version") {
            HistoryRow(version: $0.int(0), name: $0.string(1) ?? "", checksum: $0.string(2) ?? "", appliedAt: $0.string(3) ?? "")
        }
    }

    private static func currentVersion(of db: Database) throws -> Int {
        try db.fetchOne("PRAGMA user_version") { $0.int(0) } ?? 0
    }

    /// Runs a read, turning SQLite's "this is not a database" family, and a schema missing what
    /// its version requires, into `.corrupt`.
    static func reading<T>(_ path: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as SQLiteError where error.indicatesDamage {
            throw MigrationError.corrupt(path: path, reason: error.message)
        }
    }
}
