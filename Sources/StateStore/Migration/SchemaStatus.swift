/// A database's migration state compared with the migrations in this build.
package struct SchemaStatus: Equatable, Sendable {
    /// A migration recorded in the database's schema history.
    package struct Applied: Equatable, Sendable {
        /// The migration's version.
        package let version: Int
        /// The migration's name, as recorded.
        package let name: String
        /// The SHA-256 checksum of the migration's SQL, as recorded when it was applied.
        package let checksum: String
        /// When it was applied, as recorded (ISO 8601, UTC).
        package let appliedAt: String
        /// Whether the embedded file of that version has the same name and checksum.
        package let isIntact: Bool
        /// Whether this build has no migration of that version: a newer release applied it (not
        /// an edit of this build's migration).
        package let isNewer: Bool
    }

    /// The database's schema version (0 for an empty database).
    package let schemaVersion: Int
    /// The newest version this build can migrate to.
    package let latestVersion: Int
    /// What the schema history records, oldest first.
    package let applied: [Applied]
    /// Embedded migrations not yet applied, in order.
    package let pending: [MigrationFile]
    /// Which older releases the file's applied migrations let use it, as recorded in its
    /// history; nil when none of them declared it (schema 4 and older).
    package let recordedCompatibility: SchemaCompatibility?

    /// The oldest schema version whose builds may read the file: as recorded, or the file's
    /// own version when nothing is recorded (only a build that knows it may).
    package var readableBy: Int { recordedCompatibility?.readableBy ?? schemaVersion }
    /// The oldest schema version whose builds may write the file: as recorded, or the file's
    /// own version when nothing is recorded.
    package var writableBy: Int { recordedCompatibility?.writableBy ?? schemaVersion }

    /// Whether the database was written by a newer release.
    package var isNewer: Bool { schemaVersion > latestVersion }
}
