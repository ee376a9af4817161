import StateStore

/// The migrator every writer of this project's databases uses: the embedded SQL migrations
/// plus the data steps that need record formats, which only the kinds know.
///
/// Migration 3 declares the `upgrade-catalog-records` data step, from the days when every
/// record was a catalog record: it rewrites the older records of the kinds it is given in their
/// current format (kept byte for byte when undecodable or newer). Given no kinds, as on the
/// launch path, it rewrites nothing: every record is upgraded when it is read and written back
/// at its next save, so the outcome of a restore is the same either way. A plain `Migrator()`
/// refuses migration 3, so nothing can apply it without this step.
package enum StateMigrations {
    /// The kind migration 4 gives every record stored before records had kinds (its column's
    /// default): stores of older schemas are opened with it, so they read those records as
    /// that kind's. The store itself knows no kind.
    package static let kindBeforeKinds = "catalog"

    /// The schema version whose migration declares the record-upgrade data step.
    static let recordUpgradeSchemaVersion = 3

    /// A migrator over `migrations` (a configuration's ``DatabaseConfiguration/migrations``,
    /// which a test sets for a "build N"; the embedded ones when nil), upgrading the stored
    /// records of `kinds` at the data step of migration 3.
    package static func makeMigrator(upgrading kinds: [RecordKind] = [], migrations: [MigrationFile]? = nil) throws -> Migrator {
        var migrator = try migrations.map { try Migrator(migrations: $0) } ?? Migrator()
        migrator.kindBeforeKinds = kindBeforeKinds
        migrator.registerDataMigration(for: recordUpgradeSchemaVersion) { records, progress in
            for kind in kinds {
                try records.rewrite(kind: kind.name, progress: progress, kind.upgradedRecord)
            }
        }
        return migrator
    }
}
