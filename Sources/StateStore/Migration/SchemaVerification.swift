import Foundation
import MigrationHeader

/// Whether a database that carries this project's header really has the schema its
/// `user_version` claims: every table and index the migrations up to that version create, and a
/// `schema_history` holding exactly versions 1…N. A file that fails this is damaged
/// (`StoreError.corrupt`), the same as one SQLite cannot read.
///
/// The check reads the names in `sqlite_schema` (which the first query of any connection loads
/// anyway) and the few `schema_history` rows, so opening a healthy file stays cheap.
enum SchemaVerification {
    /// The tables and indexes the migrations up to `version` leave, by name: for the
    /// migrations this build embeds, the list the build derived (a launch parses no SQL);
    /// for migrations given in code, derived from their SQL once per set of migrations.
    static func requiredObjects(upTo version: Int, in migrations: [MigrationFile]) -> [String] {
        // An embedded migration's list holds for the migrations before it in this build, so it
        // is used only when every migration up to `version` is this build's.
        if version >= 1, version <= migrations.count, migrations[version - 1].version == version,
            let derived = migrations[version - 1].schemaObjects,
            migrations[..<version].allSatisfy({ $0.schemaObjects != nil })
        {
            return derived
        }
        var hasher = Hasher()
        for migration in migrations where migration.version <= version { hasher.combine(migration.checksum) }
        let key = CacheKey(version: version, checksums: hasher.finalize())
        if let cached = cache.withLock({ $0[key] }) { return cached }
        let result = SchemaChange.objects(after: migrations.lazy.filter { $0.version <= version }.map(\.sql))
        cache.withLock { $0[key] = result }
        return result
    }

    private static let cache = Locked<[CacheKey: [String]]>([:])

    /// What `requiredObjects` is cached under.
    private struct CacheKey: Hashable {
        let version: Int
        let checksums: Int
    }

    /// Throws `StoreError.corrupt` unless the database at `version` has every required object
    /// and a schema history of exactly versions 1…`version`. Version 0 (empty) needs nothing.
    static func verify(_ db: Database, version: Int, migrations: [MigrationFile]) throws {
        guard version >= 1, version <= (migrations.last?.version ?? 0) else { return }
        let required = requiredObjects(upTo: version, in: migrations)
        // One statement of two plain selects: on the launch path preparing is most of the
        // check's cost (two statements cost a sixth more; one with a parameter per object and
        // four subqueries twice as much). The names come as text, the versions as integers.
        // Each name is compared where SQLite holds it with the required ones, by length and
        // bytes: making a `String` of each and looking it up cost more than the rest of the
        // check (about 30 k instructions of a launch's 45 k).
        var found = [Bool](repeating: false, count: required.count)
        var history = (rows: 0, lowest: Int.max, highest: Int.min)
        do {
            // Run once per connection, at its open: not kept in the statement cache.
            let sql = "SELECT name FROM sqlite_schema WHERE type IN ('table', 'index') UNION ALL SELECT version FROM schema_history"
            try db.forEachRow(sql, caching: false) { row in
                guard row.isText(0) else {
                    let version = row.int(0)
                    history = (history.rows + 1, min(history.lowest, version), max(history.highest, version))
                    return
                }
                // Every copy of the name: a migration that makes an object again (`IF NOT EXISTS`)
                // lists it twice.
                row.withBytes(0) { name in
                    for index in required.indices where required[index].hasSameBytes(as: name) { found[index] = true }
                }
            }
        } catch let error as StoreError where error.indicatesDamage {
            throw StoreError.corrupt(path: db.path, reason: error.message)
        }
        let missing = zip(required, found).filter { !$0.1 }.map(\.0)
        guard missing.isEmpty else {
            try refuseOtherHistory(db, version: version, migrations: migrations)
            throw StoreError.corrupt(path: db.path, reason: "schema version \(version) requires \(missing.joined(separator: ", ")), which the file lacks")
        }
        if history.rows != version || history.lowest != 1 || history.highest != version {
            let recorded = history.rows > 0 ? " (\(history.lowest)…\(history.highest))" : ""
            throw StoreError.corrupt(
                path: db.path,
                reason: "user_version is \(version) but schema_history records \(history.rows) migration(s)\(recorded)"
            )
        }
    }

    /// Throws `StoreError.checksumMismatch` when the file's history names a migration up to
    /// `version` that differs from this build's: the file is another build's schema at the same
    /// number (a release with another migration of that number), not a damaged one, and is left
    /// as it is. Runs only when the file already failed the check, so it costs a healthy launch
    /// nothing.
    private static func refuseOtherHistory(_ db: Database, version: Int, migrations: [MigrationFile]) throws {
        let rows = try? db.fetchAll("SELECT version, name, checksum FROM schema_history WHERE version <= ?", [.int(version)]) {
            (version: $0.int(0), name: $0.string(1) ?? "", checksum: $0.string(2) ?? "")
        }
        for row in rows ?? [] {
            guard let own = migrations.first(where: { $0.version == row.version }) else { continue }
            if own.name != row.name || own.checksum != row.checksum {
                throw StoreError.checksumMismatch(path: db.path, version: row.version, name: own.name)
            }
        }
    }
}
