import Foundation

/// The project's SQLite store: versioned scene records, quarantine, crash-loop marks and
/// snapshots in one database file. It stores records and snapshots; it does not know what a
/// catalog or a shelf is.
///
/// Opening for writing creates the file (mode 0600) when missing, refuses another program's
/// database or one from a newer release, and migrates an older one to the latest schema; an
/// extension's opening (``DatabaseRole/appExtension``) does neither of the first and last.
/// A `Store` wraps one connection: use it from one thread or serial queue at a time, and open
/// one store per thread or process to write concurrently (SQLite serialises the writers).
///
/// ```swift
/// let store = try Store(path: "state.sqlite", migrator: Migrator())  // the schema only; StateRestore's migrator also upgrades records
/// defer { store.close() }
/// try store.saveRecord(#"{"version":2,"page":42}"#, version: 2, account: "default", scene: "main", kind: "reader")
/// let record = try store.record(account: "default", scene: "main", kind: "reader")
/// ```
package final class Store {
    /// Records larger than this are refused on save and quarantined when found.
    package static let maximumRecordBytes = 1_048_576

    /// The connection: the package's own code and tests only (other modules call the store's
    /// named operations, never SQL).
    package let database: Database

    /// The sign-out generations this store last read, valid while the file's data version is
    /// unchanged (nothing written by anyone since): a save's fence then costs no statement.
    /// (A store is used by one thread at a time, and neither this nor `checkedRecordNames` is
    /// reached re-entrantly: their accesses skip the runtime's exclusivity check, which a save
    /// paid several times.)
    @exclusivity(unchecked) var fenceCache: AccountGenerationCache?

    /// The names of the last record written, as checked then (``StoreNames``): a screen's
    /// next save, under the same names, is not checked again.
    @exclusivity(unchecked) var checkedRecordNames: (account: String, scene: String, kind: String)?

    /// Whether the store was opened read-only (``init(readingExistingFileAt:migrations:kindBeforeKinds:)``).
    package var isReadOnly: Bool { database.configuration.access == .readOnly }
    /// The path of the database file.
    package var path: String { database.path }
    /// The schema version after opening: this build's latest, or a newer release's that this
    /// build may use.
    package private(set) var schemaVersion: Int
    /// The newest schema version this build knows (its migrator's latest): what it writes of a
    /// newer file is what this version has, never a newer release's tables.
    let latestKnownVersion: Int
    /// The kind of every record of a schema before records had kinds (3 and older), which the
    /// module that knows the kinds supplies (``Migrator/kindBeforeKinds`` for a store that
    /// writes); nil: such records have none, and no kind's lookup finds them.
    package let kindBeforeKinds: String?
    /// The build its saves stamp (``DatabaseConfiguration/appBuild`` when it can be one), read
    /// once: a save never copies the configuration.
    let stampedBuild: String?

    /// Opens (creating and migrating as needed) the database at `path` for reading and writing.
    ///
    /// A file of a newer schema is opened without migrating when what it records
    /// (`SchemaCompatibility`) lets this build write it; one it may only read is refused with
    /// ``StoreError/databaseNewerReadOnly(path:schemaVersion:latestKnown:writableBy:)`` (open
    /// it with ``init(readingExistingFileAt:migrations:kindBeforeKinds:)``), and one it may not read with
    /// ``StoreError/databaseNewer(path:schemaVersion:latestKnown:)``. Every write transaction
    /// checks the writable-by again when the file changed since the last.
    ///
    /// The migrator is explicit because some migrations declare data steps that only the
    /// module knowing the record formats can run (`StateMigrations.makeMigrator()`).
    ///
    /// - Throws: `StoreError` for a newer, foreign or corrupt database or a failed
    ///   migration; its `sqlite` case when the file cannot be opened at all.
    package convenience init(
        path: String,
        configuration: DatabaseConfiguration = DatabaseConfiguration(),
        migrator: Migrator,
        progress: (MigrationProgress) -> Void = { _ in }
    ) throws {
        try self.init(file: DatabaseFile(resolving: path), configuration: configuration, migrator: migrator, progress: progress)
    }

    /// ``init(path:configuration:migrator:progress:)`` on a file already resolved: the path is
    /// not resolved again.
    package init(
        file: DatabaseFile,
        configuration: DatabaseConfiguration = DatabaseConfiguration(),
        migrator: Migrator,
        progress: (MigrationProgress) -> Void = { _ in }
    ) throws {
        let path = file.path
        var configuration = configuration
        if configuration.role.maintainsFile {
            // A file missing at the resolution may have been moved: its note says where, and
            // nothing is created in its place.
            if file.identity == nil, configuration.access == .readWrite(createIfMissing: true), case .movedTo(let path, let destination) = file.refusalIfMissing() {
                throw StoreError.movedTo(path: path, destination: destination)
            }
            // An existing file beside the note of a move killed before it put its copy in place:
            // the file is the database, and the note goes before anything made at its
            // destination could make it hide the file.
            if file.identity != nil, configuration.access != .readOnly { MovedDatabaseNote.removeIfUnfinished(at: path) }
            // A file that existed when its path was resolved is opened, never made again: moved
            // or removed since (a move by another process, a deferred migration opening it
            // later), it is refused below, not created anew at its old path.
            if file.identity != nil, configuration.access == .readWrite(createIfMissing: true) { configuration.access = .readWrite(createIfMissing: false) }
        } else {
            // An extension never creates the file: the app does.
            if let missing = file.refusalIfMissing() { throw missing }
            if configuration.access != .readOnly { configuration.access = .readWrite(createIfMissing: false) }
        }
        // What a link points at is written only when it is whole: a damaged page behind a
        // valid header and schema is found by no open, and a write went into the damaged file
        // (and left its log beside it). Checked reading only, creating nothing; a link is rare,
        // and its opening pays for the check.
        if file.isLinked, file.identity != nil, configuration.access != .readOnly, let problem = try Self.integrityProblem(of: file) {
            throw StoreError.corrupt(path: path, reason: problem)
        }
        // An open or migration the storage refuses (no space, a read-only folder, no
        // descriptor) leaves nothing behind that was not there before.
        let siblings = DatabaseSiblings(of: file)
        let database: Database
        var fileVersion = migrator.latestVersion
        do {
            database = try Database(file, Database.OpenMode(configuration.access), configuration: configuration, companions: siblings)
        } catch {
            if error.isStorageFault { siblings.removeWhatTheFailedOpenLeft() }
            // Gone since it was resolved: where it went, if a move left its note.
            if file.identity != nil, DatabaseFile.identity(at: path) == nil {
                if case .movedTo(let path, let destination) = file.refusalIfMissing() { throw StoreError.movedTo(path: path, destination: destination) }
                throw StoreError.fileMoved(path: path)
            }
            throw error
        }
        do {
            let ownership = try Migrator.reading(path) {
                try database.ownership { ownership in
                    // The launch path: nothing to migrate. One statement confirms the schema the
                    // header claims (damage is `.corrupt`, before anything is written), in the
                    // ownership read's transaction.
                    if case .ours(let version) = ownership, version == migrator.latestVersion {
                        try SchemaVerification.verify(database, version: version, migrations: migrator.migrations)
                    }
                    return ownership
                }
            }
            switch ownership {
            case .foreign(let applicationID):
                throw StoreError.foreignDatabase(path: path, applicationID: applicationID)
            case .ours(let version) where version == migrator.latestVersion:
                try Migrator.reading(path) { try database.activateWriteAheadLog() }
            case .ours(let version) where version > migrator.latestVersion:
                // A newer release's file: used as it is when what it records lets this build
                // write it, never migrated, backed up or moved aside.
                let compatibility = try SchemaVerification.verifyNewer(database, version: version, migrations: migrator.migrations)
                guard compatibility.isWritable(byBuildAt: migrator.latestVersion) else {
                    throw StoreError.databaseNewerReadOnly(
                        path: path, schemaVersion: version, latestKnown: migrator.latestVersion, writableBy: compatibility.writableBy)
                }
                try Migrator.reading(path) { try database.activateWriteAheadLog() }
                fileVersion = version
            case .ours(let version):
                guard configuration.role.maintainsFile else { throw StoreError.migrationLeftToApp(path: path, schemaVersion: version) }
                if let deferral = migrator.deferral(of: file, version: version) { throw deferral }
                try migrator.migrate(database, progress: progress)
            default:
                guard configuration.role.maintainsFile else { throw StoreError.migrationLeftToApp(path: path, schemaVersion: 0) }
                try migrator.migrate(database, progress: progress)
            }
        } catch let error as StoreError where error.isRefusal {
            // A refused file stays exactly as found: closing normally would checkpoint its
            // write-ahead log into it, or delete a log SQLite cannot use.
            database.disableCheckpointOnClose()
            throw error
        } catch let error where Self.isStorageFault(error) {
            // A file this open made is removed whole: nothing was there before, and nothing is
            // left (a full disk stopped its first migration half way).
            if let refused = Self.removingWhatTheFailedCreationMade(database, error) { throw refused }
            database.close()
            siblings.removeWhatTheFailedOpenLeft()
            throw error
        }
        configuration.fileProtection?.apply(to: file)
        // Each write transaction checks again that the file is still one this build may write:
        // the app may migrate it while this store (an extension's, an older build's) is open.
        database.schemaWriteCheck = SchemaWriteCheck(latestKnown: migrator.latestVersion, checkedDataVersion: database.dataVersion())
        self.database = database
        self.schemaVersion = fileVersion
        self.latestKnownVersion = migrator.latestVersion
        self.kindBeforeKinds = migrator.kindBeforeKinds
        self.stampedBuild = configuration.appBuild.flatMap { Self.isStampable($0) ? $0 : nil }
    }

    /// Opens an existing database without creating, migrating or writing anything.
    ///
    /// Reading a store that is not at the latest version works for the tables it has.
    /// `migrations` are those of the build that reads (the embedded ones when nil): a file they
    /// do not reach is checked against what they know of it.
    package convenience init(readingExistingFileAt path: String, migrations: [MigrationFile]? = nil, kindBeforeKinds: String? = nil) throws {
        try self.init(reading: DatabaseFile(resolving: path), migrations: migrations, kindBeforeKinds: kindBeforeKinds)
    }

    /// ``init(readingExistingFileAt:migrations:kindBeforeKinds:)`` on a file already resolved.
    package init(reading file: DatabaseFile, migrations: [MigrationFile]? = nil, kindBeforeKinds: String? = nil) throws {
        let path = file.path
        if let missing = file.refusalIfMissing() { throw missing }
        let database = try Database(file, .readOnly)
        let known = migrations ?? (try? MigrationFile.embeddedFiles())
        // The schema check reads in the ownership read's transaction.
        schemaVersion = try Migrator.reading(path) {
            try database.ownership { ownership in
                let version = try ownership.schemaVersion(refusingForeignAt: path)
                if let known { try SchemaVerification.verify(database, version: version, migrations: known) }
                return version
            }
        }
        self.database = database
        self.latestKnownVersion = known?.last?.version ?? schemaVersion
        self.kindBeforeKinds = kindBeforeKinds
        self.stampedBuild = nil
    }

    /// Which older releases the file's applied migrations let use it, as its history records;
    /// nil when none declared it (schema 4 and older). Reads one row.
    package func recordedCompatibility() throws -> SchemaCompatibility? {
        guard schemaVersion >= 1 else { return nil }
        return try Migrator.reading(path) { try RecordedCompatibility.read(from: database) }
    }

    /// Closes the connection.
    package func close() { database.close() }

    /// Sets how long statements wait for another connection's lock (a launch's budget for its
    /// restores, the full busy timeout for its saves).
    package func setBusyTimeout(milliseconds: Int32) {
        database.setBusyTimeout(milliseconds: milliseconds)
    }

    /// Removes the staging files creations of this database that were killed left beside it
    /// (off the launch path: the writer's and the tools' opens call it).
    package func removeStaleStagingFiles() {
        Database.removeStaleStagingFiles(of: database.file)
    }

    /// Whether the file this store has open is no longer the file at its path (removed,
    /// renamed away or replaced since it was opened): one `stat`.
    package var fileHasMoved: Bool { database.fileHasMoved }

    /// Whether this store reads its file as immutable (it only reads, and no one was writing
    /// the file when it opened) and the file has been written since: what it would read is
    /// stale, and the file is to be opened again (``Database/readsAFileWrittenSinceItsImmutableOpen``).
    package var readsAFileWrittenSinceItsImmutableOpen: Bool { database.readsAFileWrittenSinceItsImmutableOpen }

    /// Keeps the connection open only to keep a moved file's inode from being reused
    /// (``Database/keepOpenDetached()``); the store is not used again but to close it.
    package func keepOpenDetached() { database.keepOpenDetached() }

    /// Closes the connection without its closing checkpoint: for a file found damaged, which
    /// is moved aside exactly as it is.
    package func closeWithoutCheckpoint() {
        database.disableCheckpointOnClose()
        database.close()
    }

    /// Runs `body` in one write transaction (the store's operations inside it join it):
    /// committed when it returns, rolled back when it throws.
    package func writeTransaction<T>(_ body: () throws -> T) throws -> T {
        try database.writeTransaction(body)
    }

    /// Whether the quarantine, marks and snapshot tables exist (schema version 2 or later).
    var hasRecoveryTables: Bool { schemaVersion >= 2 }

    /// Whether records carry their build stamps and history (schema version 5 and later, in a
    /// build that knows it: an older build writes neither, whatever the file has).
    package var hasRecordHistory: Bool { min(schemaVersion, latestKnownVersion) >= 5 }

    /// The wall clock's time in seconds since 1970: the default ``DatabaseConfiguration/clock``.
    package static func now() -> Double { Date().timeIntervalSince1970 }

    /// The time by this store's clock (its configuration's ``DatabaseConfiguration/clock``), in
    /// seconds since 1970: what its writes stamp and its age cutoffs measure against.
    package func currentTime() -> Double { database.configuration.clock() }
}
