import Foundation
import StateStore

extension LaunchDatabase {
    /// The launch's opening for a restorer that reads only (`DatabaseConfiguration.Access.readOnly`,
    /// what `restorectl restore` uses): the same outcomes a launch finds, reported the same
    /// way, but nothing is created, migrated, moved aside or written. Where a launch would
    /// change the file, the report says what it would do and the file stays where it is.
    ///
    /// An older schema is read as it is (the store reads the tables it has, and records are
    /// upgraded in memory as a launch upgrades them); the one file SQLite itself may create is
    /// the `-shm` it needs to read beside a non-empty `-wal`.
    /// A newer schema is read exactly when a launch of the same build reads it: when the
    /// readable-by its migrations record reaches this build (`configuration.migrations`, the
    /// embedded ones when nil, says which build it is).
    static func openReadingOnly(_ file: DatabaseFile, configuration: DatabaseConfiguration = DatabaseConfiguration(access: .readOnly)) -> Opening {
        let path = file.path
        if DeferredMigration.isRunning(file) {
            return Opening(store: nil, report: [Self.needsMigration(file, detail: "it is being migrated in the background")])
        }
        if let missing = file.refusalIfMissing() {
            if case .movedTo(_, let destination) = missing { return Self.movedAway(file, to: destination) }
            return .unopened(.databaseUnavailable, "there is no database at \(path); reading creates none, and the default state was used")
        }
        if CorruptDatabaseFiles.lacksDatabaseHeader(path) {
            return Self.readingDamaged(file, reason: "the file does not start with the SQLite header")
        }
        let latest = configuration.migrations?.last?.version ?? StateDatabase.latestSchemaVersion
        do {
            let store = try Store(reading: file, migrations: configuration.migrations, kindBeforeKinds: StateMigrations.kindBeforeKinds)
            switch store.schemaVersion {
            case latest:
                return Opening(store: store, report: [])
            case 0:
                store.close()
                return .unopened(
                    .databaseNeedsMigration, "the file holds no schema yet: a launch would lay out the latest schema (\(latest)) in it; reading left it as it is, and the default state was used")
            case let version where version > latest:
                // Read exactly when a launch reads it: when what the file records lets this
                // build read it (written too when it lets it write, as a launch does).
                if let compatibility = NewerSchemaRule.readableCompatibility(of: store, latestKnown: latest) {
                    if compatibility.isWritable(byBuildAt: latest) { return Opening(store: store, report: []) }
                    return Opening(store: store, report: [ReadOnlyFallback.newerReadEntry(schemaVersion: version, latestKnown: latest, writableBy: compatibility.writableBy)])
                }
                store.close()
                return .newer(schemaVersion: version, latestKnown: latest)
            case let version:
                // Read as it is: its records are upgraded in memory, as a launch's restore
                // upgrades them after migrating.
                let entry = RestoreReportEntry(
                    .databaseNeedsMigration,
                    "the database has schema version \(version): a launch would back it up and migrate it to \(latest) first; it was read as it is, without migrating")
                return Opening(store: store, report: [entry])
            }
        } catch StoreError.foreignDatabase(_, let applicationID) {
            return Self.foreign(file, applicationID: applicationID)
        } catch StoreError.corrupt(_, let reason) {
            return Self.readingDamaged(file, reason: reason)
        } catch let error as StoreError where error.indicatesDamage {
            return Self.readingDamaged(file, reason: error.message)
        } catch let error as StoreError where error.isBusy {
            return Opening(store: nil, report: [Self.busy(DatabaseConfiguration(), error)])
        } catch {
            return .unopened(.databaseUnavailable, "the database could not be read: \(error.localizedDescription); nothing was moved or created")
        }
    }

    /// What reading finds in a damaged file: what a launch would report for it (a link's target
    /// is never moved aside, the app's own file would be).
    static func readingDamaged(_ file: DatabaseFile, reason: String) -> Opening {
        file.isLinked ? linkedDamage(file, reason: reason) : Opening(store: nil, report: [wouldMoveAside(file, reason: reason)])
    }

    /// What a launch reports for a damaged file, and what it would do with it, for a restore
    /// that reads only and so leaves it where it is.
    static func wouldMoveAside(_ file: DatabaseFile, reason: String) -> RestoreReportEntry {
        RestoreReportEntry(
            .databaseCorrupt,
            "the file is not a readable database (\(reason)); a launch would move it aside unchanged to \(file.path).corrupt-<UTC time> and create a fresh database; reading left it where it is, and the default state was used"
        )
    }
}
