import CSQLite
import Foundation

/// Applies the numbered SQL migrations to a database, each in its own `BEGIN IMMEDIATE`
/// transaction together with its schema-history row.
///
/// A failure leaves the database at the previous version with its content unchanged. Two
/// processes migrating one file at once apply each migration exactly once: the second waits
/// for the write lock, re-reads the version and finds nothing to do.
///
/// ```swift
/// let migrator = try Migrator()
/// let applied = try migrator.migrate(db, upTo: 3)
/// ```
package struct Migrator: Sendable {
    /// Work to run inside a migration's transaction, after its SQL, for records that SQL alone
    /// cannot rewrite. It gets a `RecordRewriter` (bounded batches, one kind at a time) and
    /// passes the progress callback on to it (the migrator fills in the version and name).
    package typealias DataMigration = @Sendable (RecordRewriter, _ progress: (MigrationProgress) -> Void) throws -> Void

    /// The migrations this migrator knows, in version order.
    package let migrations: [MigrationFile]

    /// The kind of every record stored before records had kinds (schema 3 and older), which
    /// the module that knows the kinds supplies; nil: such records have none (no kind's).
    package var kindBeforeKinds: String?

    /// How many `<db>.backup-vN` copies to keep beside a database.
    package var backupsKept = 3

    /// When set, a store opening a file larger than this (with its `-wal`) that needs a
    /// migration does not run it and throws ``StoreError/migrationDeferred(path:schemaVersion:bytes:)``
    /// instead: a launch hands a long migration to a background thread.
    package var sizeLimitBytes: Int?

    /// The registered data steps by migration version: a list, not a dictionary, whose first use
    /// at a launch (which makes a migrator) looks up the key's conformance (see `PathTable`).
    private var dataSteps: [DataStep] = []

    /// One migration's data step (a struct, not a tuple: see `PathTable`).
    private struct DataStep {
        let version: Int
        let work: DataMigration
    }

    /// The data step registered for migration `version`, if any.
    func dataMigration(for version: Int) -> DataMigration? {
        dataSteps.last { $0.version == version }?.work
    }

    /// A migrator over the migrations embedded in this build.
    package init() throws(StoreError) {
        try self.init(migrations: MigrationFile.embeddedFiles())
    }

    /// A migrator over the given migrations (tests use this for failing or extra migrations).
    package init(migrations: [MigrationFile]) throws(StoreError) {
        self.migrations = try MigrationFile.validated(migrations)
    }

    /// The newest version this migrator can produce.
    package var latestVersion: Int { migrations.last?.version ?? 0 }

    /// Registers work to run inside migration `version`'s transaction, after its SQL.
    ///
    /// A migration whose file declares `-- data-step: <name>` is refused
    /// (`StoreError.dataStepMissing`) until work is registered for its version.
    package mutating func registerDataMigration(for version: Int, _ work: @escaping DataMigration) {
        dataSteps.removeAll { $0.version == version }
        dataSteps.append(DataStep(version: version, work: work))
    }
}
