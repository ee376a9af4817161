import Foundation
import StateStore

/// A release of the schema, as the compatibility tests run one: the engine with the migrations
/// up to its version (``DatabaseConfiguration/migrations``, the package's seam), schema 5 being
/// one of the two fixture migrations in `Fixtures/schema/migration-5/`: an additive one that
/// schema 4 keeps reading and writing, and a rewriting one that schema 4 may only read.
public enum SchemaBuild: String, CaseIterable, Sendable, CustomStringConvertible {
    /// Migrations 1–3.
    case schema3 = "3"
    /// Migrations 1–4, the shipped ones.
    case schema4 = "4"
    /// Migrations 1–4 and `0005_count_record_writes.sql` (readable-by 4, writable-by 4).
    case additive5 = "5-additive"
    /// Migrations 1–4 and `0005_record_payload_bytes.sql` (readable-by 4, writable-by 5).
    case rewriting5 = "5-rewriting"

    /// The build's name, as a matrix cell states it.
    public var description: String { rawValue }

    /// The folder of the package's fixtures.
    public static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// The schema-5 migration files, by build.
    public static let migrationFiveNames: [SchemaBuild: String] = [
        .additive5: "0005_count_record_writes.sql", .rewriting5: "0005_record_payload_bytes.sql",
    ]

    /// The schema version this build knows last.
    public var latestVersion: Int { self == .schema3 ? 3 : self == .schema4 ? 4 : 5 }

    /// The migrations this build knows, in order.
    public func migrations() throws -> [MigrationFile] {
        let shipped = try MigrationFile.embedded.get().filter { $0.version <= min(latestVersion, 4) }
        guard let name = Self.migrationFiveNames[self] else { return shipped }
        return shipped + [try Self.fixtureMigration(name)]
    }

    /// A migration file of `Fixtures/schema/migration-5/`.
    public static func fixtureMigration(_ name: String) throws -> MigrationFile {
        let url = fixtures.appendingPathComponent("schema/migration-5").appendingPathComponent(name)
        return try MigrationFile(name: name, sql: String(contentsOf: url, encoding: .utf8))
    }

    /// A configuration that runs the engine as this build.
    public func configuration(_ base: DatabaseConfiguration = DatabaseConfiguration()) throws -> DatabaseConfiguration {
        var configuration = base
        configuration.migrations = try migrations()
        return configuration
    }

    /// Writes at `path` a database of this build's schema with the realistic rows of
    /// `Fixtures/schema/v3.sql` or `v4.sql`, a schema 5 being the v4 dump migrated by this build.
    public func makeFile(at path: String) throws {
        let dump = self == .schema3 ? "v3.sql" : "v4.sql"
        let database = try Database(path: path)
        defer { database.close() }
        try database.executeScript(String(contentsOf: Self.fixtures.appendingPathComponent("schema/\(dump)"), encoding: .utf8))
        if latestVersion == 5 {
            try Migrator(migrations: migrations()).migrate(database)
            // The file is made as a newer release left it, without the backup of its migration.
            try FileManager.default.removeItem(atPath: path + ".backup-v4")
        }
    }
}
