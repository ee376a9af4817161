import Foundation
import StateStore

/// Opens the state database on the launch path without ever throwing: a newer, foreign or
/// unopenable database yields no store and a report; a corrupt one is moved aside
/// byte-identical and replaced by a fresh database. A newer release's file that records it may
/// be read by this build but not written is read without writing (`database-newer-read`); one
/// that may be written too opens as usual, never migrated. A restorer that reads only
/// (`DatabaseConfiguration.Access.readOnly`) opens it the same way without changing anything
/// (``openReadingOnly(_:)``).
enum LaunchDatabase {
    /// The store to use (nil when nothing may be read) and what happened on the way.
    struct Opening {
        var store: Store?
        var report: [RestoreReportEntry]
    }

    /// Where a launch or a reading opens: the path, its symlinks resolved, or the opening to
    /// return instead (an unresolvable path, or a file being migrated in the background).
    enum PathToOpen {
        case path(String)
        case refused(Opening)
    }

    /// The path a launch or a reading of `requested` opens, or why it opens nothing.
    static func pathToOpen(_ requested: String) -> PathToOpen {
        let path: String
        do {
            path = try DatabasePath.resolved(requested)
        } catch {
            return .refused(Opening(store: nil, report: [RestoreReportEntry(.databaseUnavailable, "the database cannot be opened: \(error.localizedDescription)")]))
        }
        if DeferredMigration.isRunning(path) {
            return .refused(Opening(store: nil, report: [Self.needsMigration(path, detail: "it is being migrated in the background")]))
        }
        return .path(path)
    }

    static func open(_ requested: String, configuration: DatabaseConfiguration) -> Opening {
        if configuration.access == .readOnly { return openReadingOnly(requested) }
        let path: String
        switch pathToOpen(requested) {
        case .path(let resolved): path = resolved
        case .refused(let opening): return opening
        }
        if !configuration.role.maintainsFile && !FileManager.default.fileExists(atPath: path) {
            return Opening(
                store: nil,
                report: [
                    RestoreReportEntry(
                        .databaseUnavailable,
                        "there is no database at \(path) yet, and an extension never creates one (the app does at its launch); the default state was used and saves wait")
                ])
        }
        if CorruptDatabaseFiles.lacksDatabaseHeader(path) {
            return recoverFromCorruption(path, reason: "the file does not start with the SQLite header", configuration: configuration)
        }
        // A file this process may not write (0400, a read-only mount) is read as it is: opening
        // it for writing would leave a `-wal` and `-shm` of its mode that block later writes.
        if let reason = ReadOnlyFallback.cannotWrite(path) {
            return ReadOnlyFallback.open(path, because: reason)
        }
        // The open waits at most the launch budget for another process's lock.
        var budgeted = configuration
        budgeted.busyTimeoutMilliseconds = min(configuration.launchBudgetMilliseconds, configuration.busyTimeoutMilliseconds)
        do {
            var migrator = try StateMigrations.makeMigrator(for: configuration)
            migrator.sizeLimitBytes = configuration.launchMigrationLimitBytes
            let store = try Store(path: path, configuration: budgeted, migrator: migrator)
            store.setBusyTimeout(milliseconds: configuration.busyTimeoutMilliseconds)  // saves wait the full timeout
            return Opening(store: store, report: [])
        } catch let error as SQLiteError where error.code == .busy || error.code == .locked {
            return Opening(store: nil, report: [Self.busy(configuration, error)])
        } catch MigrationError.migrationFailed(_, _, let underlying) where underlying.code == .busy || underlying.code == .locked {
            return Opening(store: nil, report: [Self.busy(configuration, underlying)])
        } catch let error as SQLiteError where error.isStorageFault && FileManager.default.fileExists(atPath: path) {
            // Nothing could be created or written (no space, a read-only folder): read what is
            // there (the failed open removed the files it began).
            return ReadOnlyFallback.open(path, because: error.message)
        } catch MigrationError.migrationFailed(_, _, let underlying) where underlying.isStorageFault {
            return ReadOnlyFallback.open(path, because: underlying.message)
        } catch MigrationError.migrationDeferred(_, let version, let bytes) {
            // Too long for a launch: migrated once, off this thread; restores meanwhile answer
            // defaults, and the scenes' saves never replace a record they did not see.
            let earlier = DeferredMigration.failure(of: path).map { " (the last attempt failed: \($0))" } ?? ""
            DeferredMigration.start(path, configuration: configuration)
            return Opening(
                store: nil,
                report: [Self.needsMigration(path, detail: "from schema version \(version) (\(bytes) bytes) it would outlast the launch budget, so it is being migrated in the background\(earlier)")])
        } catch MigrationError.migrationLeftToApp(_, let version) {
            return Opening(
                store: nil, report: [Self.needsMigration(path, detail: "from schema version \(version), which only the app does at its next launch (this is an extension)")])
        } catch let error as MigrationError {
            switch error {
            case .databaseNewer(_, let version, let latest):
                return Opening(
                    store: nil,
                    report: [
                        RestoreReportEntry(
                            .databaseNewer, "the database has schema version \(version), newer than this build knows (\(latest)); it was written by a newer release, so nothing was read or changed")
                    ])
            case .databaseNewerReadOnly(_, let version, let latest, let writableBy):
                return ReadOnlyFallback.openNewer(path, schemaVersion: version, latestKnown: latest, writableBy: writableBy)
            case .foreignDatabase(_, let applicationID):
                return Opening(
                    store: nil, report: [RestoreReportEntry(.databaseForeign, "the file is another program's SQLite database (application_id \(applicationID)); nothing was read or changed")])
            case .corrupt(_, let reason):
                return recoverFromCorruption(path, reason: reason, configuration: configuration)
            default:
                return Opening(store: nil, report: [RestoreReportEntry(.databaseUnavailable, error.localizedDescription)])
            }
        } catch let error as SQLiteError where error.indicatesDamage {
            return recoverFromCorruption(path, reason: error.message, configuration: configuration)
        } catch {
            return Opening(store: nil, report: [RestoreReportEntry(.databaseUnavailable, "the database could not be opened: \(error.localizedDescription)")])
        }
    }

    /// The refusal of a file that looks damaged to this build because a newer release migrated
    /// it while this one had it open (a table its schema has, renamed or dropped): its header
    /// says a schema newer than this build knows, so it is left as it is, never moved aside.
    /// Nil when the header says no such thing (or cannot be read): the file is damaged. Runs only
    /// on the way to moving a file aside.
    static func newerRelease(_ path: String, reason: String, configuration: DatabaseConfiguration) -> Opening? {
        guard let latest = try? StateMigrations.makeMigrator(for: configuration).latestVersion,
            let reader = try? Store(readingExistingFileAt: path, migrations: configuration.migrations)
        else { return nil }
        defer { reader.close() }
        guard reader.schemaVersion > latest else { return nil }
        return Opening(
            store: nil,
            report: [
                RestoreReportEntry(
                    .databaseNewer,
                    "the database has schema version \(reader.schemaVersion), newer than this build knows (\(latest)): a newer release migrated it while this one had it open, and this build cannot read it (\(reason)); nothing was moved or changed"
                )
            ])
    }

    /// The report of a launch that found a migration too long to run on its path.
    static func needsMigration(_ path: String, detail: String) -> RestoreReportEntry {
        RestoreReportEntry(
            .databaseNeedsMigration,
            "the database needs a migration: \(detail); the default state was used, restores after it return the stored state, and this launch's saves never replace a record it did not see")
    }

    /// The report of a launch that waited its whole budget for another process's lock.
    static func busy(_ configuration: DatabaseConfiguration, _ error: SQLiteError) -> RestoreReportEntry {
        RestoreReportEntry(
            .databaseBusy,
            "another process held the database's lock for longer than the launch budget (\(configuration.launchBudgetMilliseconds) ms: \(error.message)); the default state was used, and this launch's saves never replace a record it did not see"
        )
    }

    /// Moves the damaged file aside and opens a fresh database in its place; an extension
    /// leaves it exactly as it is, for the app's next launch.
    static func recoverFromCorruption(_ path: String, reason: String, configuration: DatabaseConfiguration) -> Opening {
        if let newer = newerRelease(path, reason: reason, configuration: configuration) { return newer }
        if configuration.access == .readOnly { return Opening(store: nil, report: [wouldMoveAside(path, reason: reason)]) }
        guard configuration.role.maintainsFile else {
            return Opening(
                store: nil,
                report: [
                    RestoreReportEntry(
                        .databaseUnavailable,
                        "the file is not a readable database (\(reason)); an extension never moves it aside (the app does at its next launch), so it was left as it is, the default state was used and saves wait"
                    )
                ])
        }
        let moved: String
        do {
            moved = try CorruptDatabaseFiles.moveAside(path)
        } catch {
            return Opening(store: nil, report: [RestoreReportEntry(.databaseUnavailable, "the database is unreadable (\(reason)) and could not be moved aside: \(error.localizedDescription)")])
        }
        let entry = RestoreReportEntry(.databaseCorrupt, "the file was not a readable database (\(reason)); it was moved aside unchanged to \(moved) and a fresh database was created")
        do {
            let store = try Store(path: path, configuration: configuration, migrator: StateMigrations.makeMigrator(for: configuration))
            return Opening(store: store, report: [entry])
        } catch {
            return Opening(store: nil, report: [entry, RestoreReportEntry(.databaseUnavailable, "a fresh database could not be created: \(error.localizedDescription)")])
        }
    }
}
