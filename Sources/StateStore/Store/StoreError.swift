import Foundation

/// Why the store refused an operation or could not use a file: SQLite's own failures, the
/// store's rules, and the file's schema (a migration refused or failed; a refusal leaves the
/// file unchanged).
///
/// Match a case in `catch` patterns; a SQLite failure carries SQLite's extended result code,
/// whose low byte is the primary one (`SQLITE_BUSY` is 5):
///
/// ```swift
/// do { try restorer.save(state, for: key) }
/// catch StoreError.accountSignedOut { … }
/// catch StoreError.sqlite(let code, let message, _, _) where code & 0xFF == 5 { … }
/// ```
public enum StoreError: Error, Equatable, Sendable {
    /// SQLite failed: its extended result code (such as `SQLITE_IOERR_FSYNC`), its own
    /// explanation, the statement that failed when there was one, and the operating system's
    /// error number behind the failure (`EMFILE`, `EACCES`; 0 when SQLite saw none).
    case sqlite(extendedCode: Int32, message: String, sql: String? = nil, systemErrorCode: Int32 = 0)
    /// An account, scene or shelf name that is empty, longer than 1,024 UTF-8 bytes, or (for a
    /// new write) holds a control character.
    case invalidName(role: String, reason: String)
    /// A record payload over the size limit.
    case recordTooLarge(bytes: Int, limit: Int)
    /// No quarantined record has this id.
    case quarantineEntryNotFound(id: Int64)
    /// The record's history has no entry with this id (or the file keeps no history).
    case historyEntryNotFound(id: Int64)
    /// Restoring a quarantined record would overwrite a record saved since.
    case quarantineTargetOccupied(id: Int64, account: String, scene: String, kind: String)
    /// Saving would replace a record of a newer format than the writer reads.
    case newerRecordKept(account: String, scene: String, kind: String, version: Int)
    /// The file does not exist (for operations that never create one).
    case fileNotFound(path: String)
    /// The file exists but this process may not read it (its mode, its owner): `cause` is the
    /// operating system's (`EACCES: Permission denied`). Nothing was read or changed.
    case fileUnreadable(path: String, cause: String)
    /// A save that may only create a record found one stored (its caller never read it).
    case existingRecordKept(account: String, scene: String, kind: String)
    /// The path names something other than a regular file (a FIFO, a socket, a device, a
    /// directory): it is never opened, so nothing hangs on it.
    case notARegularFile(path: String, kind: String)
    /// The path is a symlink to nothing (`target`): it is never followed to create a file.
    case danglingLink(path: String, target: String)
    /// The file a restorer or writer opened is no longer at its path (moved, removed or
    /// replaced by another file since): nothing is created there, and nothing is written.
    case fileMoved(path: String)
    /// Nothing is at `path` but the note a move left there (`<db>-moved`): the database was
    /// moved to `destination`, and nothing is created at its old path.
    case movedTo(path: String, destination: String)
    /// The path is a link to a file that is damaged or not this project's database: through a
    /// link nothing is moved aside or created, so nothing is written (`reason` says what it is).
    case linkedFileUnusable(path: String, reason: String)
    /// The file cannot be moved aside while a connection of this process has it open.
    case fileInUse(path: String)
    /// The account was signed out (purged) after the saving screen was restored: the save is
    /// dropped, so nothing of the account is written back.
    case accountSignedOut(account: String)
    /// The scene was discarded (or pruned) after the saving screen was restored: the save is
    /// dropped, so a discarded scene is never written back.
    case sceneDiscarded(account: String, scene: String)
    /// Another process (an extension, the tool) has the file open, so it was not moved.
    case fileOpenElsewhere(path: String)
    /// A copy made to move the database did not match it; the copy was removed and the
    /// database left in place.
    case copyNotVerified(path: String, reason: String)

    // The file's schema: a migration refused or failed.

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
    /// A migration's SQL failed (`error` is SQLite's failure); it was rolled back.
    indirect case migrationFailed(version: Int, name: String, error: StoreError)
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

extension StoreError: LocalizedError {
    /// The error as one line, as the CLI prints it.
    public var errorDescription: String? {
        switch self {
        case .sqlite(let extendedCode, let message, let sql, _): Self.describeSQLite(extendedCode: extendedCode, message: message, sql: sql)
        case .invalidName(let role, let reason): "invalid \(role) name: \(reason)"
        case .recordTooLarge(let bytes, let limit): "record is \(bytes) bytes, over the limit of \(limit) bytes"
        case .quarantineEntryNotFound(let id): "no quarantined record has id \(id)"
        case .historyEntryNotFound(let id): "the record's history has no entry \(id)"
        case .quarantineTargetOccupied(let id, let account, let scene, _):
            "quarantined record \(id) was not restored: scene \"\(scene)\" of account \"\(account)\" has a newer record; drop or move that first"
        case .newerRecordKept(let account, let scene, let kind, let version):
            "scene \"\(scene)\" of account \"\(account)\" holds a \(kind) record of format \(version), newer than this build reads; it was kept and nothing was saved"
        case .fileNotFound(let path): "\(path): no such database file"
        case .fileUnreadable(let path, let cause): "\(path) cannot be read by this process (\(cause)); nothing was read or changed"
        case .existingRecordKept(let account, let scene, let kind):
            "scene \"\(scene)\" of account \"\(account)\" holds a \(kind) record this launch could not read; it was kept, and the next restore returns it"
        case .notARegularFile(let path, let kind): "\(path) is \(kind), not a database file"
        case .danglingLink(let path, let target): "\(path) is a symlink to \(target), which does not exist; nothing is created through a link"
        case .fileMoved(let path):
            "the database at \(path) was moved, removed or replaced since it was opened; nothing was created or written there"
        case .movedTo(let path, let destination):
            "the database at \(path) was moved to \(destination); nothing is created at its old path (open the new one, or remove \(path)-moved to start a new file there)"
        case .linkedFileUnusable(let path, let reason):
            "\(path) is a symlink to a file that is \(reason); through a link it is left as it is, nothing is created beside it, and nothing is saved"
        case .fileInUse(let path): "\(path) is open in another connection of this process, so it was left in place"
        case .accountSignedOut: "the account was signed out after this screen was restored; the save was dropped"
        case .sceneDiscarded(let account, let scene):
            "scene \"\(scene)\" of account \"\(account)\" was discarded after this screen was restored; the save was dropped"
        case .fileOpenElsewhere(let path): "\(path) is open in another process, so it was left in place"
        case .copyNotVerified(let path, let reason): "the copy at \(path) did not match the database (\(reason)); it was removed and the database left in place"
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
                : requested < 1
                    ? "cannot migrate to version \(requested): schema versions start at 1"
                    : "cannot migrate to version \(requested): the database is already at version \(current) and migrations only go forward"
        case .foreignKeyViolation(let version, let name, let table):
            "migration \(version) (\(name)) left a foreign key violation in table \(table); it was rolled back"
        case .migrationFailed(let version, let name, let error):
            "migration \(version) (\(name)) failed and was rolled back, so the file is at schema version \(version - 1): \(error.message)"
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

extension StoreError {
    /// Whether this error refuses a file this build must leave untouched (another program's,
    /// a newer release's, a damaged one, or one whose applied migrations were edited).
    public var isRefusal: Bool {
        switch self {
        case .databaseNewer, .databaseNewerReadOnly, .checksumMismatch, .foreignDatabase, .corrupt: true
        default: false
        }
    }

    /// Whether the error is about the file's schema or its migrations (newer, another
    /// program's, damaged, a migration refused, failed or left to later), not one of the store's
    /// rules about a name, a record or a path.
    package var isSchemaProblem: Bool {
        switch self {
        case .databaseNewer, .databaseNewerReadOnly, .checksumMismatch, .foreignDatabase, .corrupt, .invalidTarget, .foreignKeyViolation,
            .migrationFailed, .invalidMigrationSet, .dataStepMissing, .migrationDeferred, .migrationLeftToApp:
            true
        default: false
        }
    }
}
