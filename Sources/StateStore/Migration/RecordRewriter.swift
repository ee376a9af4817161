/// What a migration's data step may do to records: walk one kind's records in bounded batches
/// and rewrite some of them, inside the migration's transaction.
///
/// Data steps get this instead of a connection, so the library's SQL stays in the store and a
/// step can only touch the kind it names. Memory stays flat however many records there are: it
/// walks by primary key in batches (keyset pagination, each batch an index seek), and each
/// batch is one `UPDATE` over its key range that calls the transform as an SQL function
/// (`RecordRewriteFunction`) where SQLite reads each record, rewriting it in place.
///
/// ```swift
/// migrator.registerDataMigration(for: 3) { records, progress in
///     try records.rewrite(kind: "catalog", progress: progress) { payload in
///         upgraded(payload).map { RecordRewrite(version: 3, payload: $0) }
///     }
/// }
/// ```
package struct RecordRewriter {
    /// Rows read per batch.
    package static let defaultBatchSize = 1_000

    let database: Database
    /// The schema version whose migration is running (its SQL has been applied).
    let schemaVersion: Int
    /// The kind of every record before schema 4 (the migrator's ``Migrator/kindBeforeKinds``).
    var kindBeforeKinds: String?

    /// Calls `transform` with the payload of every record of `kind`, in key order (once for a
    /// run of records with the same bytes: the rewrite is a function of the payload), and stores
    /// what it returns (nil leaves the record byte for byte). `updated_at` is kept. Reports
    /// progress after each batch; an error `transform` throws is thrown as it was, and the
    /// records of its batch are left as they were.
    package func rewrite(
        kind: String, batchSize: Int = defaultBatchSize,
        progress: (MigrationProgress) -> Void,
        _ transform: (UnsafeRawBufferPointer) throws -> RecordRewrite?
    ) throws {
        // Before schema 4 records had no kind: every record is of the kind the migrator names.
        let hasKinds = schemaVersion >= 4
        if !hasKinds, kind != kindBeforeKinds { return }
        let batchSize = max(batchSize, 1)
        let filter = hasKinds ? "kind = ?1" : "?1 IS NOT NULL"
        let total = try database.fetchOne("SELECT count(*) FROM scene_state WHERE \(filter)", [.text(kind)]) { $0.int(0) } ?? 0
        progress(MigrationProgress(recordsDone: 0, recordsTotal: total))
        guard total > 0 else { return }
        try RecordRewriteFunction.registering(transform, on: database) { function in
            let batches = try Batches(database: database, filter: filter, hasKinds: hasKinds)
            var last: (account: String, scene: String)?
            var done = 0
            while done < total {
                // The batch ends at its last key, or runs to the end of the kind's records.
                let end = try batches.key(after: last, skipping: batchSize - 1, kind: kind)
                let update = batches.update(from: last != nil, to: end != nil)
                update.clearBindings()
                // Unbinds the keys and keeps no row of the table open between batches.
                defer { update.reset() }
                try update.bind(.text(kind), at: 1)
                if let last {
                    try update.bind(.text(last.account), at: 3)
                    try update.bind(.text(last.scene), at: 4)
                }
                if let end {
                    try update.bind(.text(end.account), at: 5)
                    try update.bind(.text(end.scene), at: 6)
                }
                do {
                    try update.step()
                } catch {
                    throw function.error ?? error
                }
                // Inside the migration's write transaction no other writer adds or removes a
                // record: a batch without an end holds the records not walked yet.
                done = end == nil ? total : done + batchSize
                last = end
                progress(MigrationProgress(recordsDone: done, recordsTotal: total))
            }
        }
    }
}

extension RecordRewriter {
    /// The statements of one rewrite: the key that ends a batch, and the batch's `UPDATE`
    /// with or without each bound of its key range (a bound given as NULL would not limit the
    /// index range, and each batch would scan to the end of the table).
    private struct Batches {
        let first: Statement
        let next: Statement
        /// By whether the range has a lower bound (`?3, ?4`) and an upper one (`?5, ?6`).
        let updates: [Statement]

        init(database: Database, filter: String, hasKinds: Bool) throws(StoreError) {
            let keys = "SELECT account, scene FROM scene_state WHERE \(filter)"
            let order = "ORDER BY account, scene LIMIT 1 OFFSET ?2"
            first = try database.makeStatement("\(keys) \(order)")
            next = try database.makeStatement("\(keys) AND (account, scene) > (?3, ?4) \(order)")
            let function = RecordRewriteFunction.self
            func rewritten(_ part: Int) -> String { "\(function.name)(\(part), payload)" }
            let columns =
                hasKinds
                ? "version = \(rewritten(function.versionPart)), min_reader_version = \(rewritten(function.minReaderVersionPart)), payload = \(rewritten(function.payloadPart))"
                : "version = \(rewritten(function.versionPart)), payload = \(rewritten(function.payloadPart))"
            updates = try [(false, false), (true, false), (false, true), (true, true)].map { (hasLower, hasUpper) throws(StoreError) in
                let lower = hasLower ? " AND (account, scene) > (?3, ?4)" : ""
                let upper = hasUpper ? " AND (account, scene) <= (?5, ?6)" : ""
                // The kind's filter before the call: the transform sees only records of its kind.
                return try database.makeStatement(
                    "UPDATE scene_state SET \(columns) WHERE \(filter)\(lower)\(upper) AND \(rewritten(function.versionPart)) IS NOT NULL")
            }
        }

        /// The key `skipping` records of `kind` after `last` (from the first record when nil),
        /// or nil when there are not that many.
        func key(after last: (account: String, scene: String)?, skipping: Int, kind: String) throws(StoreError) -> (account: String, scene: String)? {
            let query = last == nil ? first : next
            query.clearBindings()
            defer { query.reset() }
            try query.bind(.text(kind), at: 1)
            try query.bind(.integer(Int64(skipping)), at: 2)
            if let last {
                try query.bind(.text(last.account), at: 3)
                try query.bind(.text(last.scene), at: 4)
            }
            guard try query.step() else { return nil }
            return (query.string(0) ?? "", query.string(1) ?? "")
        }

        /// The batch's `UPDATE`, bounded below when it follows another batch and above when it
        /// does not run to the end.
        func update(from hasLower: Bool, to hasUpper: Bool) -> Statement {
            updates[(hasLower ? 1 : 0) + (hasUpper ? 2 : 0)]
        }
    }
}
