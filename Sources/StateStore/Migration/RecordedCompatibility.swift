/// Where a file records which older releases may still use it: two columns of
/// `schema_history`, `readable_by` and `writable_by`, holding what each applied migration from
/// 5 on declared (NULL for migrations 1–4).
///
/// The migrator adds the columns with the first migration that declares the pair, so a file
/// of schema 4 or older has no such columns and behaves as before: only a build that knows its
/// version may use it. A file's pair is the highest over its history, counting a row without
/// one as its own version (see `SchemaCompatibility`).
enum RecordedCompatibility {
    /// The pair recorded in the file, or nil when no applied migration declared one. Reads
    /// one row.
    static func read(from db: Database) throws -> SchemaCompatibility? {
        let row: (readableBy: Int, writableBy: Int, declaring: Int)?
        do {
            row = try db.fetchOne(
                "SELECT max(coalesce(readable_by, version)), max(coalesce(writable_by, version)), count(readable_by) FROM schema_history"
            ) { ($0.int(0), $0.int(1), $0.int(2)) }
        } catch {
            if isMissingColumns(error) { return nil }
            throw error
        }
        guard let row, row.declaring > 0 else { return nil }
        return SchemaCompatibility(readableBy: row.readableBy, writableBy: max(row.readableBy, row.writableBy))
    }

    /// Records `migration`'s declared pair in its history row (inside its transaction),
    /// adding the columns first to a history that has none yet.
    static func record(_ compatibility: SchemaCompatibility, of version: Int, in db: Database) throws {
        let columns = try db.fetchOne("SELECT count(*) FROM pragma_table_info('schema_history') WHERE name IN ('readable_by', 'writable_by')") { $0.int(0) } ?? 0
        if columns < 2 {
            try db.executeScript("ALTER TABLE schema_history ADD COLUMN readable_by INTEGER; ALTER TABLE schema_history ADD COLUMN writable_by INTEGER")
        }
        try db.execute(
            "UPDATE schema_history SET readable_by = ?, writable_by = ? WHERE version = ?",
            [.int(compatibility.readableBy), .int(compatibility.writableBy), .int(version)]
        )
    }

    /// Whether `error` says the history has no compatibility columns: a file no migration from
    /// 5 on was applied to, which records nothing.
    static func isMissingColumns(_ error: any Error) -> Bool {
        guard let error = error as? StoreError, error.sqliteCode == .error else { return false }
        return error.message.hasPrefix("no such column: readable_by") || error.message.hasPrefix("no such column: writable_by")
    }
}
