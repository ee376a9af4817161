import StateStore

/// The migrator every writer of this project's databases uses: the embedded SQL migrations
/// plus the data steps that need record formats, which only this module knows.
///
/// A plain `Migrator()` refuses migration 3, whose file declares the
/// `upgrade-catalog-records` data step, so nothing can apply it without rewriting the records.
public enum StateMigrations {
    /// A migrator over the embedded migrations with this module's data steps registered.
    public static func makeMigrator() throws -> Migrator {
        var migrator = try Migrator()
        migrator.registerDataMigration(for: CatalogRecordUpgrade.schemaVersion) { records, progress in
            try CatalogRecordUpgrade.run(records, progress: progress)
        }
        return migrator
    }
}
