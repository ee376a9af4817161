import Foundation
import StateStore

/// Opens the state database on the launch path without ever throwing: a newer, foreign or
/// unopenable database yields no store and a report; a corrupt one is moved aside
/// byte-identical and replaced by a fresh database. A newer release's file that records it may
/// be read by this build but not written is read without writing (`database-newer-read`); one
/// that may be written too opens as usual, never migrated. A restorer that reads only
/// (`DatabaseConfiguration.Access.readOnly`) opens it the same way without changing anything
/// (``openReadingOnly(_:configuration:)``).
enum LaunchDatabase {
    /// The store to use (nil when nothing may be read) and what happened on the way.
    struct Opening {
        var store: Store?
        var report: [RestoreReportEntry]
        /// Why saves are refused until the file is opened again, whatever the writer's own
        /// opening would find: a link to a damaged or foreign file (nothing is created or moved
        /// through a link), a dangling link, a file moved since it was opened.
        var refusal: StoreError? = nil
        /// Whether a damaged file was moved aside and a fresh one made in its place (a new
        /// inode at the path).
        var replacedFile = false

        /// No store, and one entry reported; saves refused for `refusal` when there is one.
        static func unopened(_ code: RestoreCode, _ detail: String, refusal: StoreError? = nil) -> Opening {
            Opening(store: nil, report: [RestoreReportEntry(code, detail)], refusal: refusal)
        }

        /// The refusal of a file a newer release wrote, of a schema this build may not read.
        static func newer(schemaVersion: Int, latestKnown: Int) -> Opening {
            unopened(
                .databaseNewer, "the database has schema version \(schemaVersion), newer than this build knows (\(latestKnown)); it was written by a newer release, so nothing was read or changed")
        }
    }

    /// The opening of a path that does not resolve (a dangling link, a FIFO, a directory, a
    /// loop): nothing is opened or created, and saves are refused with the same reason.
    static func unresolvable(_ error: StoreError) -> Opening {
        .unopened(.databaseUnavailable, "the database cannot be opened: \(error.localizedDescription)", refusal: error)
    }

    /// The refusal of a file that is no longer the one this restorer opened (moved by
    /// `restorectl move` or another process, removed, or replaced): nothing is created there.
    static func moved(_ file: DatabaseFile) -> Opening {
        let error = StoreError.fileMoved(path: file.path)
        return .unopened(.databaseUnavailable, "\(error.localizedDescription); the default state was used and saves are refused (open the file at its new path)", refusal: error)
    }

    /// The opening of a path where a move left its note instead of the file (`<db>-moved`):
    /// nothing is created there, and saves are refused.
    static func movedAway(_ file: DatabaseFile, to destination: String) -> Opening {
        let error = StoreError.movedTo(path: file.path, destination: destination)
        return .unopened(.databaseUnavailable, "\(error.localizedDescription); the default state was used and saves are refused", refusal: error)
    }

    /// Whether `file` is still the file this restorer opened (`identity`, nil: nothing was
    /// opened yet, any file will do), or the opening to return instead. One `lstat`.
    static func refusalUnlessSameFile(_ file: DatabaseFile, identity: DatabaseFile.Identity?) -> Opening? {
        guard let identity, DatabaseFile.identity(at: file.path) != identity else { return nil }
        return moved(file)
    }

    /// Opens `file` as a launch does. `identity` is the file a restorer opened before (a
    /// `resume()`, a reopen after a failed launch, after a move): a file no longer there, or
    /// another one in its place, is refused and nothing is created (``moved(_:)``).
    static func open(_ file: DatabaseFile, configuration: DatabaseConfiguration, identity: DatabaseFile.Identity? = nil) -> Opening {
        if let refused = refusalUnlessSameFile(file, identity: identity) { return refused }
        if configuration.access == .readOnly { return openReadingOnly(file, configuration: configuration) }
        let path = file.path
        if DeferredMigration.isRunning(file) {
            return Opening(store: nil, report: [Self.needsMigration(file, detail: "it is being migrated in the background")])
        }
        var configuration = configuration
        // A file opened before is never created again: it moved or vanished meanwhile.
        if identity != nil, configuration.access == .readWrite(createIfMissing: true) { configuration.access = .readWrite(createIfMissing: false) }
        if !configuration.role.maintainsFile, let missing = file.refusalIfMissing() {
            if case .movedTo(_, let destination) = missing { return movedAway(file, to: destination) }
            return .unopened(
                .databaseUnavailable, "there is no database at \(path) yet, and an extension never creates one (the app does at its launch); the default state was used and saves wait")
        }
        if CorruptDatabaseFiles.lacksDatabaseHeader(path) {
            return recoverFromCorruption(file, reason: "the file does not start with the SQLite header", configuration: configuration)
        }
        // A file this process may not write (0400, a read-only mount) is read as it is: opening
        // it for writing would leave a `-wal` and `-shm` of its mode that block later writes.
        if let reason = ReadOnlyFallback.cannotWrite(file) {
            return ReadOnlyFallback.open(file, because: reason, migrations: configuration.migrations)
        }
        // The open waits at most the launch budget for another process's lock.
        var budgeted = configuration
        budgeted.busyTimeoutMilliseconds = min(configuration.launchBudgetMilliseconds, configuration.busyTimeoutMilliseconds)
        do {
            var migrator = try StateMigrations.makeMigrator(migrations: configuration.migrations)
            migrator.sizeLimitBytes = configuration.launchMigrationLimitBytes
            let store = try Store(file: file, configuration: budgeted, migrator: migrator)
            store.setBusyTimeout(milliseconds: configuration.busyTimeoutMilliseconds)  // saves wait the full timeout
            return Opening(store: store, report: [])
        } catch let error as StoreError where error.isBusy {
            return Opening(store: nil, report: [Self.busy(configuration, error)])
        } catch StoreError.migrationFailed(_, _, let underlying) where underlying.isBusy {
            return Opening(store: nil, report: [Self.busy(configuration, underlying)])
        } catch let error as StoreError where error.isStorageFault && file.refusalIfMissing() == nil {
            // Nothing could be created or written (no space, a read-only folder): read what is
            // there (the failed open removed the files it began).
            return ReadOnlyFallback.open(file, because: error.message, migrations: configuration.migrations)
        } catch StoreError.migrationFailed(_, _, let underlying) where underlying.isStorageFault {
            return ReadOnlyFallback.open(file, because: underlying.message, migrations: configuration.migrations)
        } catch StoreError.migrationDeferred(_, let version, let bytes) {
            // Too long for a launch: migrated once, off this thread; restores meanwhile answer
            // defaults, and the scenes' saves never replace a record they did not see.
            let earlier = DeferredMigration.failure(of: file).map { " (the last attempt failed: \($0))" } ?? ""
            DeferredMigration.start(file, configuration: configuration)
            return Opening(
                store: nil,
                report: [Self.needsMigration(file, detail: "from schema version \(version) (\(bytes) bytes) it would outlast the launch budget, so it is being migrated in the background\(earlier)")])
        } catch StoreError.migrationLeftToApp(_, let version) {
            return Opening(
                store: nil, report: [Self.needsMigration(file, detail: "from schema version \(version), which only the app does at its next launch (this is an extension)")])
        } catch let error as StoreError where error.isSchemaProblem {
            switch error {
            case .databaseNewer(_, let version, let latest):
                return .newer(schemaVersion: version, latestKnown: latest)
            case .databaseNewerReadOnly(_, let version, let latest, let writableBy):
                return ReadOnlyFallback.openNewer(file, schemaVersion: version, latestKnown: latest, writableBy: writableBy, migrations: configuration.migrations)
            case .foreignDatabase(_, let applicationID):
                return foreign(file, applicationID: applicationID)
            case .corrupt(_, let reason):
                return recoverFromCorruption(file, reason: reason, configuration: configuration)
            default:
                return .unopened(.databaseUnavailable, error.localizedDescription)
            }
        } catch let error as StoreError where error.indicatesDamage {
            return recoverFromCorruption(file, reason: error.message, configuration: configuration)
        } catch let error as StoreError where error.sqliteCode == .cannotOpen && identity != nil && DatabaseFile.identity(at: path) != identity {
            return moved(file)
        } catch StoreError.movedTo(_, let destination) {
            return movedAway(file, to: destination)
        } catch StoreError.fileMoved {
            return moved(file)  // gone between its resolution and the open
        } catch {
            return .unopened(.databaseUnavailable, "the database could not be opened: \(error.localizedDescription)")
        }
    }

    /// The refusal of a file that looks damaged to this build because a newer release migrated
    /// it while this one had it open (a table its schema has, renamed or dropped): its header
    /// says a schema newer than this build knows, so it is left as it is, never moved aside.
    /// Nil when the header says no such thing (or cannot be read): the file is damaged. Runs only
    /// on the way to moving a file aside.
    static func newerRelease(_ file: DatabaseFile, reason: String, configuration: DatabaseConfiguration) -> Opening? {
        guard let latest = try? StateMigrations.makeMigrator(migrations: configuration.migrations).latestVersion,
            let reader = try? Store(reading: file, migrations: configuration.migrations, kindBeforeKinds: StateMigrations.kindBeforeKinds)
        else { return nil }
        defer { reader.close() }
        guard reader.schemaVersion > latest else { return nil }
        return .unopened(
            .databaseNewer,
            "the database has schema version \(reader.schemaVersion), newer than this build knows (\(latest)): a newer release migrated it while this one had it open, and this build cannot read it (\(reason)); nothing was moved or changed"
        )
    }

    /// The report of a launch that found a migration too long to run on its path.
    static func needsMigration(_ file: DatabaseFile, detail: String) -> RestoreReportEntry {
        RestoreReportEntry(
            .databaseNeedsMigration,
            "the database needs a migration: \(detail); the default state was used, restores after it return the stored state, and this launch's saves never replace a record it did not see")
    }

    /// The report of a launch that waited its whole budget for another process's lock.
    static func busy(_ configuration: DatabaseConfiguration, _ error: StoreError) -> RestoreReportEntry {
        RestoreReportEntry(
            .databaseBusy,
            "another process held the database's lock for longer than the launch budget (\(configuration.launchBudgetMilliseconds) ms: \(error.message)); the default state was used, and this launch's saves never replace a record it did not see"
        )
    }

    /// Another program's SQLite file: neither read nor changed, and saves refused when the
    /// app's path is a link to it (through a link nothing is replaced or created).
    static func foreign(_ file: DatabaseFile, applicationID: Int32) -> Opening {
        let entry = RestoreReportEntry(.databaseForeign, "the file is another program's SQLite database (application_id \(applicationID)); nothing was read or changed")
        return Opening(store: nil, report: [entry], refusal: file.isLinked ? .linkedFileUnusable(path: file.requestedPath, reason: "another program's SQLite database") : nil)
    }

    /// What a damaged file at the end of the app's link gets: reported, left byte for byte,
    /// nothing created beside it, saves refused. Recovery is for the app's own file only.
    static func linkedDamage(_ file: DatabaseFile, reason: String) -> Opening {
        .unopened(
            .databaseCorrupt,
            "the file \(file.requestedPath) links to, \(file.path), is not a readable database (\(reason)); what a link points at is never moved aside or replaced, so it was left as it is, nothing was created, the default state was used and saves are refused",
            refusal: .linkedFileUnusable(path: file.requestedPath, reason: "not a readable database (\(reason))"))
    }

    /// Moves the damaged file aside and opens a fresh database in its place; an extension
    /// leaves it exactly as it is, for the app's next launch, and so does every opening of a
    /// file reached through a link (``linkedDamage(_:reason:)``).
    static func recoverFromCorruption(_ file: DatabaseFile, reason: String, configuration: DatabaseConfiguration) -> Opening {
        if let newer = newerRelease(file, reason: reason, configuration: configuration) { return newer }
        if file.isLinked { return linkedDamage(file, reason: reason) }
        if configuration.access == .readOnly { return Opening(store: nil, report: [wouldMoveAside(file, reason: reason)]) }
        guard configuration.role.maintainsFile else {
            return .unopened(
                .databaseUnavailable,
                "the file is not a readable database (\(reason)); an extension never moves it aside (the app does at its next launch), so it was left as it is, the default state was used and saves wait"
            )
        }
        let moved: String
        do {
            moved = try CorruptDatabaseFiles.moveAside(file.path)
        } catch {
            return .unopened(.databaseUnavailable, "the database is unreadable (\(reason)) and could not be moved aside: \(error.localizedDescription)")
        }
        let entry = RestoreReportEntry(.databaseCorrupt, "the file was not a readable database (\(reason)); it was moved aside unchanged to \(moved) and a fresh database was created")
        do {
            var fresh = configuration
            if fresh.access == .readWrite(createIfMissing: false) { fresh.access = .readWrite(createIfMissing: true) }
            // The damaged file is gone from the path: a new one is made there, the one file
            // ever made again at a path that had one.
            var emptied = file
            emptied.identity = nil
            let store = try Store(file: emptied, configuration: fresh, migrator: StateMigrations.makeMigrator(migrations: configuration.migrations))
            return Opening(store: store, report: [entry], replacedFile: true)
        } catch {
            return Opening(store: nil, report: [entry, RestoreReportEntry(.databaseUnavailable, "a fresh database could not be created: \(error.localizedDescription)")])
        }
    }
}
