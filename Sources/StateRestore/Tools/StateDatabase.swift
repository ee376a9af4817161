import Foundation
import StateStore

/// The tools' way into a database file, one per intent; the launch path's is ``StateRestorer``.
///
/// Tools are strict where the launch path is lenient: a database this build must not write
/// (newer, another program's, damaged) is an error and the file is left exactly as found,
/// where a launch reports it and carries on.
package enum StateDatabase {
    /// Opens `path` for writing, creating (mode 0600) and migrating it as needed; a migration
    /// through schema 3 upgrades the stored records of `kinds`. `configuration` tunes the
    /// connection (its clock stamps what the store writes).
    ///
    /// - Throws: `RestoreError.isDirectory`; `StoreError` for a newer, foreign or
    ///   corrupt database (nothing is written); `StoreError.sqlite` when it cannot be opened.
    package static func openForWriting(
        _ path: String, upgrading kinds: [RecordKind] = [], configuration: DatabaseConfiguration = DatabaseConfiguration(),
        progress: (MigrationProgress) -> Void = { _ in }
    ) throws -> Store {
        try refuseDirectory(path)
        return try openForWriting(DatabaseFile(resolving: path), upgrading: kinds, configuration: configuration, progress: progress)
    }

    /// Opens the existing file at `path` for writing, migrating it as needed: the verbs that
    /// change a file but never create one (`discard`, `prune`, `purge`, `quarantine restore`).
    ///
    /// - Throws: `StoreError.fileNotFound`, or `StoreError.notARegularFile` for a directory,
    ///   before anything is opened; otherwise as ``openForWriting(_:upgrading:configuration:progress:)``.
    package static func openExistingForWriting(
        _ path: String, upgrading kinds: [RecordKind] = [], configuration: DatabaseConfiguration = DatabaseConfiguration()
    ) throws -> Store {
        // An unreadable file is refused by the opening itself, once.
        try openForWriting(requireExistingFile(path, refusingUnreadable: false), upgrading: kinds, configuration: configuration)
    }

    /// ``openForReading(_:)-(String)`` for a verb that writes next (its checks read first, so
    /// a refusal leaves the file as it was): a dead writer's rollback journal, which a reading
    /// open refuses, is rolled back first, as the verb's own writing open would.
    package static func openForReadingBeforeWriting(_ path: String) throws -> Store {
        do {
            return try openForReading(path)
        } catch let error as StoreError where error.isHotJournalRefusal {
            try Store.rollBackDeadWritersJournal(of: requireExistingFile(path))
            return try openForReading(path)
        }
    }

    /// Opens the existing file at `path` without creating, migrating or writing anything. A
    /// newer schema is read exactly when a launch's read-only opening reads it
    /// (``NewerSchemaRule``: the readable-by the file records reaches this build).
    ///
    /// - Throws: `StoreError.fileNotFound` when there is none, `StoreError.movedTo` when a move
    ///   left its note there, `StoreError.databaseNewer` for a newer schema this build may
    ///   not read.
    package static func openForReading(_ path: String) throws -> Store {
        try openForReading(requireExistingFile(path))
    }

    /// ``openForReading(_:)-(String)`` of a file already resolved.
    package static func openForReading(_ file: DatabaseFile) throws -> Store {
        let store = try Store(reading: file, kindBeforeKinds: StateMigrations.kindBeforeKinds)
        if store.schemaVersion == 0, file.isLinked {
            store.close()
            throw StoreError.emptyFileThroughLink(store.path)
        }
        let latest = latestSchemaVersion
        if store.schemaVersion > latest, NewerSchemaRule.readableCompatibility(of: store, latestKnown: latest) == nil {
            store.close()
            throw StoreError.databaseNewer(path: store.path, schemaVersion: store.schemaVersion, latestKnown: latest)
        }
        return store
    }

    /// The database file at `path`, resolved once, unless there is none (a symbolic link to
    /// one counts): what the verbs that only read check first, so a missing path is never
    /// created.
    ///
    /// - Throws: `StoreError.fileNotFound`, `StoreError.movedTo` where a move left its note,
    ///   `StoreError.danglingLink`, or `StoreError.notARegularFile` for a directory, FIFO,
    ///   socket, device or a loop of links.
    ///
    /// A file this user may not read is refused too (`StoreError.fileUnreadable`, in words, not
    /// SQLite's "unable to open database file"), unless `refusingUnreadable` is false: a
    /// restore shows what a launch would make of it instead (`database-unavailable`).
    @discardableResult
    package static func requireExistingFile(_ path: String, refusingUnreadable: Bool = true) throws -> DatabaseFile {
        let file = try DatabaseFile(resolving: path)
        guard file.identity != nil else { throw file.refusalIfMissing() ?? StoreError.fileNotFound(path: file.path) }
        if refusingUnreadable { try refuseUnreadable(file) }
        return file
    }

    /// Throws `StoreError.fileUnreadable` when the existing `file` is one this process may not
    /// read (its mode, its owner): one `access(2)`.
    private static func refuseUnreadable(_ file: DatabaseFile) throws {
        guard file.identity != nil, access(file.path, R_OK) != 0, [EACCES, EPERM].contains(errno) else { return }
        throw StoreError.fileUnreadable(path: file.path, cause: SystemErrorCause.describe(errno))
    }

    /// Throws `StoreError.movedTo` where a move left its note at `file`'s path (nothing is
    /// there): a stale path is never read as an empty one, nor given a new file.
    private static func refuseMoved(_ file: DatabaseFile) throws {
        if case .movedTo(let path, let destination) = file.refusalIfMissing() { throw StoreError.movedTo(path: path, destination: destination) }
    }

    /// The schema status of the existing file at `path`; reads only.
    package static func schemaStatus(_ path: String) throws -> SchemaStatus {
        let database = try Database(requireExistingFile(path), .readOnly)
        defer { database.close() }
        return try StateMigrations.makeMigrator().status(of: database)
    }

    /// The records' count and bytes per account and kind in the existing file at `path`
    /// (empty when it has no schema yet); reads only.
    package static func recordTotals(_ path: String) throws -> [RecordTotal] {
        let store = try openForReading(path)
        defer { store.close() }
        return try store.recordTotals()
    }

    /// What migrating `path` up to `target` (the latest when nil) would apply; reads only, and
    /// creates nothing when the file does not exist. A path a move left its note at is refused
    /// as ``migrate(_:upTo:upgrading:progress:)`` refuses it (`StoreError.movedTo`).
    package static func migrationPlan(_ path: String, upTo target: Int? = nil) throws -> (fromVersion: Int, steps: [MigrationFile]) {
        let migrator = try StateMigrations.makeMigrator()
        let file = try DatabaseFile(resolving: path)
        guard file.identity != nil else {
            try refuseMoved(file)
            // A dry run promises no database the run itself would refuse to make.
            if let refusal = Database.refusalToCreate(file.path) ?? Database.folderRefusal(toCreate: file.path) { throw refusal }
            return (0, try migrator.planForNewDatabase(upTo: target))
        }
        try refuseUnreadable(file)
        let database = try Database(file, .readOnly)
        defer { database.close() }
        return (try migrator.status(of: database).schemaVersion, try migrator.plan(for: database, upTo: target))
    }

    /// Migrates `path` (created when missing) up to `target`, the latest when nil, upgrading
    /// the stored records of `kinds` at schema 3. An impossible target is refused before a
    /// missing file is created, and so is a path a move left its note at.
    package static func migrate(
        _ path: String, upTo target: Int? = nil, upgrading kinds: [RecordKind] = [], progress: (MigrationProgress) -> Void = { _ in }
    ) throws -> (fromVersion: Int, applied: [MigrationFile]) {
        let migrator = try StateMigrations.makeMigrator(upgrading: kinds)
        try refuseDirectory(path)
        let file = try DatabaseFile(resolving: path)
        if file.identity == nil {
            _ = try migrator.planForNewDatabase(upTo: target)
            try refuseMoved(file)
        }
        try refuseUnreadable(file)
        return try namingTheStorageCause(file) {
            let database = try Database(file, .readWrite(createIfMissing: true))
            defer { database.close() }
            let applied = try Store.removingAFailedCreation(of: database) { try migrator.migrate(database, upTo: target, progress: progress) }
            // The version the migration started from, as found under its write lock: a version
            // read before it would be stale when another process migrated while this one waited
            // (a second `migrate` reported "at schema version 1; nothing to migrate" of a file at 5).
            let before = try applied.first.map { $0.version - 1 } ?? migrator.status(of: database).schemaVersion
            return (before, applied)
        }
    }

    /// Opens `file` for writing as ``openForWriting(_:upgrading:configuration:progress:)`` does.
    private static func openForWriting(
        _ file: DatabaseFile, upgrading kinds: [RecordKind], configuration: DatabaseConfiguration, progress: (MigrationProgress) -> Void = { _ in }
    ) throws -> Store {
        try refuseUnreadable(file)
        let store = try namingTheStorageCause(file) {
            try Store(file: file, configuration: configuration, migrator: StateMigrations.makeMigrator(upgrading: kinds), progress: progress)
        }
        store.removeStaleStagingFiles()
        return store
    }

    /// The newest schema version this build knows: its embedded migrations' latest, read
    /// without making a migrator (which a read-only launch paid 0.13 M instructions for).
    package static var latestSchemaVersion: Int { MigrationFile.latestEmbeddedVersion }

    /// Runs `body`, an open for writing of `file`, naming the storage's cause of a failure to
    /// open the files beside it (``StoreError/namingTheStorageCause(of:opening:)``).
    private static func namingTheStorageCause<T>(_ file: DatabaseFile, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as StoreError {
            throw error.namingTheStorageCause(of: file, opening: "for writing")
        }
    }

    private static func refuseDirectory(_ path: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw RestoreError.isDirectory(path: path)
        }
    }
}
