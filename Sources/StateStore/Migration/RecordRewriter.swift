/// What a migration's data step may do to records: walk one kind's records in bounded batches
/// and rewrite some of them, inside the migration's transaction.
///
/// Data steps get this instead of a connection, so the library's SQL stays in the store and a
/// step can only touch the kind it names. Memory stays flat however many records there are: it
/// walks by primary key in batches (keyset pagination, each batch an index seek) and writes a
/// batch's rewrites after the batch's read has finished.
///
/// ```swift
/// migrator.registerDataMigration(for: 3) { records, progress in
///     try records.rewrite(kind: "catalog", progress: progress) { payload in
///         upgraded(payload).map { RecordRewrite(version: 3, payload: $0) }
///     }
/// }
/// ```
public struct RecordRewriter {
    /// Rows read per batch.
    public static let defaultBatchSize = 1_000

    let database: Database
    /// The schema version whose migration is running (its SQL has been applied).
    let schemaVersion: Int

    /// Calls `transform` with the payload of every record of `kind`, in key order, and stores
    /// what it returns (nil leaves the record byte for byte). `updated_at` is kept.
    public func rewrite(
        kind: String, batchSize: Int = defaultBatchSize,
        progress: (MigrationProgress) -> Void,
        _ transform: (UnsafeRawBufferPointer) throws -> RecordRewrite?
    ) throws {
        // Before schema 4 records had no kind: every record was a catalog record.
        let hasKinds = schemaVersion >= 4
        if !hasKinds, kind != Store.legacyKind { return }
        let filter = hasKinds ? "kind = ?1" : "?1 IS NOT NULL"
        let total = try database.fetchOne("SELECT count(*) FROM scene_state WHERE \(filter)", [.text(kind)]) { $0.int(0) } ?? 0
        progress(MigrationProgress(recordsDone: 0, recordsTotal: total))
        let first = try database.makeStatement(
            "SELECT account, scene, payload FROM scene_state WHERE \(filter) ORDER BY account, scene LIMIT ?2"
        )
        let next = try database.makeStatement(
            "SELECT account, scene, payload FROM scene_state WHERE \(filter) AND (account, scene) > (?3, ?4) ORDER BY account, scene LIMIT ?2"
        )
        let update = try database.makeStatement(
            hasKinds
                ? "UPDATE scene_state SET version = ?1, min_reader_version = ?2, payload = ?3 WHERE account = ?4 AND scene = ?5 AND kind = ?6"
                : "UPDATE scene_state SET version = ?1, payload = ?2 WHERE account = ?3 AND scene = ?4"
        )
        var last: (account: String, scene: String)?
        var done = 0
        var rewrites: [(account: String, scene: String, rewrite: RecordRewrite)] = []
        rewrites.reserveCapacity(batchSize)
        while true {
            let query = last == nil ? first : next
            var values: [SQLiteValue] = [.text(kind), .int(batchSize)]
            if let last { values += [.text(last.account), .text(last.scene)] }
            try query.bind(values)
            var rows = 0
            while try query.step() {
                rows += 1
                let account = query.string(0) ?? ""
                let scene = query.string(1) ?? ""
                last = (account, scene)
                if let rewrite = try query.withBytes(2, transform) {
                    rewrites.append((account, scene, rewrite))
                }
            }
            query.reset()
            for (account, scene, rewrite) in rewrites {
                try update.bind(
                    hasKinds
                        ? [
                            .int(rewrite.version), rewrite.minReaderVersion.map(SQLiteValue.int) ?? .null,
                            .text(rewrite.payload), .text(account), .text(scene), .text(kind),
                        ]
                        : [.int(rewrite.version), .text(rewrite.payload), .text(account), .text(scene)]
                )
                try update.step()
                update.reset()
            }
            rewrites.removeAll(keepingCapacity: true)
            done += rows
            if rows > 0 { progress(MigrationProgress(recordsDone: done, recordsTotal: total)) }
            if rows < batchSize { break }
        }
    }
}
