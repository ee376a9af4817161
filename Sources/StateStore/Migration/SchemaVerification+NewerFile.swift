extension SchemaVerification {
    /// Checks a file of a schema `version` newer than the latest of `migrations`, and returns
    /// what it records of the releases that may still use it.
    ///
    /// The file is never damaged to this build: objects and migrations it does not know are
    /// a newer release's, and what it cannot read of the schema is refused as newer too. It is refused (``StoreError/databaseNewer(path:schemaVersion:latestKnown:)``,
    /// as before the rule) when it records no `SchemaCompatibility`, when its readable-by is
    /// above this build, and when it lacks what this build's own schema needs or a history of
    /// 1…`version` (it then does not keep the contract its numbers claim).
    ///
    /// One statement, as the launch path's check of a current file: the names in
    /// `sqlite_schema` and the history's versions with their recorded pairs. (A file at this
    /// build's own version never runs it; a newer file costs that one statement more than before,
    /// when it was refused after reading the header.)
    static func verifyNewer(_ db: Database, version: Int, migrations: [MigrationFile]) throws -> SchemaCompatibility {
        let latest = migrations.last?.version ?? 0
        let newer = StoreError.databaseNewer(path: db.path, schemaVersion: version, latestKnown: latest)
        var present: Set<String> = []
        var versions: [Int] = []
        var readableBy = 0
        var writableBy = 0
        var declaring = 0
        do {
            try db.forEachRow(
                "SELECT name, NULL, NULL, NULL FROM sqlite_schema WHERE type IN ('table', 'index') UNION ALL SELECT NULL, version, readable_by, writable_by FROM schema_history"
            ) { row in
                if row.isText(0) {
                    present.insert(row.string(0) ?? "")
                    return
                }
                let applied = row.int(1)
                versions.append(applied)
                if !row.isNull(2) { declaring += 1 }
                readableBy = max(readableBy, row.isNull(2) ? applied : row.int(2))
                writableBy = max(writableBy, row.isNull(3) ? applied : row.int(3))
            }
        } catch let error as StoreError where error.indicatesDamage {
            // Missing compatibility columns (nothing recorded) included: a newer file is
            // refused as before the rule, never taken for damaged and moved aside.
            throw newer
        }
        let compatibility = SchemaCompatibility(readableBy: readableBy, writableBy: max(readableBy, writableBy))
        guard declaring > 0, compatibility.isReadable(byBuildAt: latest) else { throw newer }
        let required = requiredObjects(upTo: latest, in: migrations)
        guard required.allSatisfy(present.contains), versions.count == version, versions.min() == 1, versions.max() == version else {
            throw newer
        }
        return compatibility
    }
}
