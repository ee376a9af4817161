import Foundation
import StateStore

/// A release of the schema, as the compatibility tests run one: the engine with the migrations
/// up to its version (``DatabaseConfiguration/migrations``, the package's seam). Schema 5 is the
/// shipped one (this build); schema 6 stands for a newer release, being one of the two fixture
/// migrations in `Fixtures/schema/migration-6/`: an additive one that schemas 4 and 5 keep
/// reading and writing, and a rewriting one that they may only read.
package enum SchemaBuild: String, CaseIterable, Sendable, CustomStringConvertible {
    /// Migrations 1–3.
    case schema3 = "3"
    /// Migrations 1–4: the release before record history (an older build that must keep
    /// reading and writing a file of schema 5).
    case schema4 = "4"
    /// Migrations 1–5, the shipped ones: this build.
    case schema5 = "5"
    /// Migrations 1–5 and `0006_count_record_writes.sql` (readable-by 4, writable-by 4).
    case additive6 = "6-additive"
    /// Migrations 1–5 and `0006_record_payload_bytes.sql` (readable-by 4, writable-by 6).
    case rewriting6 = "6-rewriting"

    /// The build's name, as a matrix cell states it.
    package var description: String { rawValue }

    /// The newest schema version that has shipped (the embedded migrations').
    package static let shippedVersion = 5

    /// The schema-6 migration files, by build.
    package static let migrationSixNames: [SchemaBuild: String] = [
        .additive6: "0006_count_record_writes.sql", .rewriting6: "0006_record_payload_bytes.sql",
    ]

    /// The schema version this build knows last.
    package var latestVersion: Int {
        switch self {
        case .schema3: 3
        case .schema4: 4
        case .schema5: 5
        case .additive6, .rewriting6: 6
        }
    }

    /// The migrations this build knows, in order.
    package func migrations() throws -> [MigrationFile] {
        let shipped = try MigrationFile.embedded.get().filter { $0.version <= min(latestVersion, Self.shippedVersion) }
        guard let name = Self.migrationSixNames[self] else { return shipped }
        return shipped + [try Self.fixtureMigration(name)]
    }

    /// A migration file of `Fixtures/schema/migration-6/`.
    package static func fixtureMigration(_ name: String) throws -> MigrationFile {
        let url = PackageFolders.schema.appendingPathComponent("migration-6").appendingPathComponent(name)
        return try MigrationFile(name: name, sql: String(contentsOf: url, encoding: .utf8))
    }

    /// A configuration that runs the engine as this build.
    package func configuration(_ base: DatabaseConfiguration = DatabaseConfiguration()) throws -> DatabaseConfiguration {
        var configuration = base
        configuration.migrations = try migrations()
        return configuration
    }

    /// Writes at `path` a database of this build's schema with the realistic rows of
    /// `Fixtures/schema/v3.sql`, `v4.sql` or `v5.sql`, a schema 6 being the v5 dump migrated by
    /// this build.
    package func makeFile(at path: String) throws {
        let dump = "v\(min(latestVersion, Self.shippedVersion)).sql"
        let database = try Database(path: path)
        defer { database.close() }
        try database.executeScript(String(contentsOf: PackageFolders.schema.appendingPathComponent("\(dump)"), encoding: .utf8))
        if latestVersion > Self.shippedVersion {
            try Migrator(migrations: migrations()).migrate(database)
            // The file is made as a newer release left it, without the backup of its migration.
            try FileManager.default.removeItem(atPath: path + ".backup-v\(Self.shippedVersion)")
        }
    }
}
