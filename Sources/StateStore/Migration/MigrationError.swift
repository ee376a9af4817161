import Foundation

/// Why a migration was refused or failed. A refusal leaves the database file unchanged.
public enum MigrationError: Error, Equatable, Sendable {
    /// The database was written by a newer release of this program, and what it records does
    /// not let this build read it (no `SchemaCompatibility`, or a readable-by above this build).
    case databaseNewer(path: String, schemaVersion: Int, latestKnown: Int)
    /// The database was written by a newer release whose recorded `SchemaCompatibility` lets
    /// this build read it but not write it (its writable-by is above this build's latest
    /// version): open it with `Store(readingExistingFileAt:)`. Nothing was changed.
    case databaseNewerReadOnly(path: String, schemaVersion: Int, latestKnown: Int, writableBy: Int)
    /// An applied migration's recorded checksum differs from the file embedded in this build.
    case checksumMismatch(path: String, version: Int, name: String)
    /// A non-empty SQLite file that belongs to another program.
    case foreignDatabase(path: String, applicationID: Int32)
    /// The file is damaged or is not an SQLite database.
    case corrupt(path: String, reason: String)
    /// `--to` asked for a version this build does not have, or one below the current version.
    case invalidTarget(requested: Int, current: Int, latest: Int)
    /// A migration left rows that violate a foreign key; it was rolled back.
    case foreignKeyViolation(version: Int, name: String, table: String)
    /// A migration's SQL failed; it was rolled back.
    case migrationFailed(version: Int, name: String, error: SQLiteError)
    /// The migrations compiled into this build are not numbered 1…N.
    case invalidMigrationSet(String)
    /// A migration declares a data step (`-- data-step: <step>`) that nobody registered, so
    /// applying its SQL alone would leave stored records in an old format. Use the migrator
    /// of the module that knows the records (`StateMigrations.makeMigrator()`).
    case dataStepMissing(version: Int, name: String, step: String)
    /// The file needs a migration too large for the caller's budget (`Migrator.sizeLimitBytes`);
    /// nothing was changed.
    case migrationDeferred(path: String, schemaVersion: Int, bytes: Int)
    /// The file needs a migration (or, empty, its schema), and the connection is an
    /// extension's (``DatabaseRole/appExtension``), which never migrates: the app does at its
    /// next launch. Nothing was changed.
    case migrationLeftToApp(path: String, schemaVersion: Int)
}

extension MigrationError {
    /// Whether this error refuses a file this build must leave untouched (another program's,
    /// a newer release's, a damaged one, or one whose applied migrations were edited).
    public var isRefusal: Bool {
        switch self {
        case .databaseNewer, .databaseNewerReadOnly, .checksumMismatch, .foreignDatabase, .corrupt: true
        default: false
        }
    }
}

extension MigrationError: LocalizedError {
    /// The error as one line, as the CLI prints it.
    public var errorDescription: String? {
        switch self {
        case .databaseNewer(let path, let version, let latest):
            "\(path) has schema version \(version), newer than this build knows (latest \(latest)); it was written by a newer release, so nothing was changed"
        case .databaseNewerReadOnly(let path, let version, let latest, let writableBy):
            "\(path) has schema version \(version), newer than this build knows (latest \(latest)); the release that wrote it lets this build read it but only builds of schema \(writableBy) and later write it, so nothing was changed"
        case .checksumMismatch(let path, let version, let name):
            "\(path): applied migration \(version) does not match \(name) in this build (checksum differs); refusing to migrate"
        case .foreignDatabase(let path, let applicationID):
            "\(path) is another program's SQLite database (application_id \(applicationID)); nothing was changed"
        case .corrupt(let path, let reason):
            "\(path) is not a readable restorectl database: \(reason)"
        case .invalidTarget(let requested, let current, let latest):
            requested > latest
                ? "cannot migrate to version \(requested): this build knows versions up to \(latest)"
                : "cannot migrate to version \(requested): the database is already at version \(current) and migrations only go forward"
        case .foreignKeyViolation(let version, let name, let table):
            "migration \(version) (\(name)) left a foreign key violation in table \(table); it was rolled back"
        case .migrationFailed(let version, let name, let error):
            "migration \(version) (\(name)) failed and was rolled back: \(error.message)"
        case .invalidMigrationSet(let reason):
            "invalid embedded migrations: \(reason)"
        case .migrationDeferred(let path, let version, let bytes):
            "\(path) needs migrating from schema version \(version), and at \(bytes) bytes that is too long to do here; nothing was changed"
        case .migrationLeftToApp(let path, let version):
            "\(path) needs migrating from schema version \(version), which only the app does (this is an extension's connection); nothing was changed"
        case .dataStepMissing(let version, let name, let step):
            "migration \(version) (\(name)) needs the data step \(step), which this migrator has not registered; nothing was changed (use the migrator from StateRestore's StateMigrations)"
        }
    }
}
