/// A database's migration state compared with the migrations in this build.
public struct SchemaStatus: Equatable, Sendable {
    /// A migration recorded in the database's schema history.
    public struct Applied: Equatable, Sendable {
        /// The migration's version.
        public let version: Int
        /// The migration's name, as recorded.
        public let name: String
        /// The SHA-256 checksum of the migration's SQL, as recorded when it was applied.
        public let checksum: String
        /// When it was applied, as recorded (ISO 8601, UTC).
        public let appliedAt: String
        /// Whether the embedded file of that version has the same name and checksum.
        public let isIntact: Bool
        /// Whether this build has no migration of that version: a newer release applied it (not
        /// an edit of this build's migration).
        public let isNewer: Bool
    }

    /// The database's schema version (0 for an empty database).
    public let schemaVersion: Int
    /// The newest version this build can migrate to.
    public let latestVersion: Int
    /// What the schema history records, oldest first.
    public let applied: [Applied]
    /// Embedded migrations not yet applied, in order.
    public let pending: [MigrationFile]
    /// Which older releases the file's applied migrations let use it, as recorded in its
    /// history; nil when none of them declared it (schema 4 and older).
    public let recordedCompatibility: SchemaCompatibility?

    /// The oldest schema version whose builds may read the file: as recorded, or the file's
    /// own version when nothing is recorded (only a build that knows it may).
    public var readableBy: Int { recordedCompatibility?.readableBy ?? schemaVersion }
    /// The oldest schema version whose builds may write the file: as recorded, or the file's
    /// own version when nothing is recorded.
    public var writableBy: Int { recordedCompatibility?.writableBy ?? schemaVersion }

    /// Whether the database was written by a newer release.
    public var isNewer: Bool { schemaVersion > latestVersion }
}
