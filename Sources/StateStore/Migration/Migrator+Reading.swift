import CSQLite
import Foundation
import MigrationHeader

extension Migrator {
    /// Compares the database's schema history with this build's migrations. Reads only.
    ///
    /// An empty file at the end of a link is refused as damaged (``StoreError/corrupt(path:reason:)``):
    /// it is not the app's to lay out (nothing is created through a link, and a database is
    /// what the first migration creates), so no status may advise migrating it.
    package func status(of db: Database) throws -> SchemaStatus {
        // One snapshot: another process's migration must not commit between the reads.
        let status = try Self.reading(db.path) { try db.readTransaction { try readStatus(of: db) } }
        if status.schemaVersion == 0, db.file.isLinked { throw StoreError.emptyFileThroughLink(db.path) }
        return status
    }

    func readStatus(of db: Database) throws -> SchemaStatus {
        let version = try db.ownership().schemaVersion(refusingForeignAt: db.path)
        try SchemaVerification.verify(db, version: version, migrations: migrations)
        let history = version == 0 ? [] : try Self.history(in: db)
        let applied = history.map { row in
            SchemaStatus.Applied(
                version: row.version, name: row.name, checksum: row.checksum, appliedAt: row.appliedAt,
                isIntact: migrations.first { $0.version == row.version }.map { $0.name == row.name && $0.checksum == row.checksum } ?? false,
                isNewer: row.version > latestVersion
            )
        }
        return SchemaStatus(
            schemaVersion: version,
            latestVersion: latestVersion,
            applied: applied,
            pending: migrations.filter { $0.version > version },
            recordedCompatibility: version == 0 ? nil : try RecordedCompatibility.read(from: db)
        )
    }

    /// What `migrate(_:upTo:)` would apply, after the same refusals, changing nothing.
    package func plan(for db: Database, upTo target: Int? = nil) throws -> [MigrationFile] {
        let plan = try pending(in: validatedStatus(of: db), upTo: target)
        try checkDataSteps(plan)
        return plan
    }

    /// What migrating a file that does not exist yet would apply.
    package func planForNewDatabase(upTo target: Int? = nil) throws -> [MigrationFile] {
        let plan = try pending(
            in: SchemaStatus(schemaVersion: 0, latestVersion: latestVersion, applied: [], pending: migrations, recordedCompatibility: nil), upTo: target)
        try checkDataSteps(plan)
        return plan
    }

    struct HistoryRow {
        let version: Int, name: String, checksum: String, appliedAt: String
    }

    static func history(in db: Database) throws -> [HistoryRow] {
        try db.fetchAll("SELECT version, name, checksum, applied_at FROM schema_history ORDER BY version") {
            HistoryRow(version: $0.int(0), name: $0.string(1) ?? "", checksum: $0.string(2) ?? "", appliedAt: $0.string(3) ?? "")
        }
    }

    static func currentVersion(of db: Database) throws -> Int {
        try db.fetchOne("PRAGMA user_version") { $0.int(0) } ?? 0
    }

    /// Runs a read, turning SQLite's "this is not a database" family, and a schema missing what
    /// its version requires, into `.corrupt`.
    static func reading<T>(_ path: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as StoreError where error.indicatesDamage {
            throw StoreError.corrupt(path: path, reason: error.message)
        }
    }
}
