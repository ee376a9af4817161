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
    }

    /// The database's schema version (0 for an empty database).
    public let schemaVersion: Int
    /// The newest version this build can migrate to.
    public let latestVersion: Int
    /// What the schema history records, oldest first.
    public let applied: [Applied]
    /// Embedded migrations not yet applied, in order.
    public let pending: [MigrationFile]

    /// Whether the database was written by a newer release.
    public var isNewer: Bool { schemaVersion > latestVersion }
    /// Whether migrations remain to run.
    public var hasPendingMigrations: Bool { !pending.isEmpty }
}
