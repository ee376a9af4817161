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
    static func openReadingOnly(_ requested: String) -> Opening {
        let path: String
        switch pathToOpen(requested) {
        case .path(let resolved): path = resolved
        case .refused(let opening): return opening
        }
        guard FileManager.default.fileExists(atPath: path) else {
            return Opening(
                store: nil, report: [RestoreReportEntry(.databaseUnavailable, "there is no database at \(path); reading creates none, and the default state was used")])
        }
        if CorruptDatabaseFiles.lacksDatabaseHeader(path) {
            return Opening(store: nil, report: [Self.wouldMoveAside(path, reason: "the file does not start with the SQLite header")])
        }
        let latest = StateDatabase.latestSchemaVersion
        do {
            let store = try Store(readingExistingFileAt: path)
            switch store.schemaVersion {
            case latest:
                return Opening(store: store, report: [])
            case 0:
                store.close()
                return Opening(
                    store: nil,
                    report: [
                        RestoreReportEntry(
                            .databaseNeedsMigration,
                            "the file holds no schema yet: a launch would lay out the latest schema (\(latest)) in it; reading left it as it is, and the default state was used")
                    ])
            case let version where version > latest:
                store.close()
                return Opening(
                    store: nil,
                    report: [
                        RestoreReportEntry(
                            .databaseNewer, "the database has schema version \(version), newer than this build knows (\(latest)); it was written by a newer release, so nothing was read or changed")
                    ])
            case let version:
                // Read as it is: its records are upgraded in memory, as a launch's restore
                // upgrades them after migrating.
                let entry = RestoreReportEntry(
                    .databaseNeedsMigration,
                    "the database has schema version \(version): a launch would back it up and migrate it to \(latest) first; it was read as it is, without migrating")
                return Opening(store: store, report: [entry])
            }
        } catch MigrationError.foreignDatabase(_, let applicationID) {
            return Opening(
                store: nil, report: [RestoreReportEntry(.databaseForeign, "the file is another program's SQLite database (application_id \(applicationID)); nothing was read or changed")])
        } catch MigrationError.corrupt(_, let reason) {
            return Opening(store: nil, report: [Self.wouldMoveAside(path, reason: reason)])
        } catch let error as SQLiteError where error.indicatesDamage {
            return Opening(store: nil, report: [Self.wouldMoveAside(path, reason: error.message)])
        } catch let error as SQLiteError where error.code == .busy || error.code == .locked {
            return Opening(store: nil, report: [Self.busy(DatabaseConfiguration(), error)])
        } catch {
            return Opening(store: nil, report: [RestoreReportEntry(.databaseUnavailable, "the database could not be read: \(error.localizedDescription); nothing was moved or created")])
        }
    }

    /// What a launch reports for a damaged file, and what it would do with it, for a restore
    /// that reads only and so leaves it where it is.
    static func wouldMoveAside(_ path: String, reason: String) -> RestoreReportEntry {
        RestoreReportEntry(
            .databaseCorrupt,
            "the file is not a readable database (\(reason)); a launch would move it aside unchanged to \(path).corrupt-<UTC time> and create a fresh database; reading left it where it is, and the default state was used"
        )
    }
}
