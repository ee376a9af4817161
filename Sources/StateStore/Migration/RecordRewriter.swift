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
package struct RecordRewriter {
    /// Rows read per batch.
    package static let defaultBatchSize = 1_000

    let database: Database
    /// The schema version whose migration is running (its SQL has been applied).
    let schemaVersion: Int

    /// Calls `transform` with the payload of every record of `kind`, in key order, and stores
    /// what it returns (nil leaves the record byte for byte). `updated_at` is kept.
    package func rewrite(
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
            query.clearBindings()
            try query.bind(.text(kind), at: 1)
            try query.bind(.integer(Int64(batchSize)), at: 2)
            if let last {
                try query.bind(.text(last.account), at: 3)
                try query.bind(.text(last.scene), at: 4)
            }
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
            // The batch's writes after its read: each bound in place from the strings held here
            // (no copy for SQLite to make), the one statement stepped once per record.
            for (account, scene, rewrite) in rewrites {
                try Self.write(rewrite, account: account, scene: scene, kind: hasKinds ? kind : nil, with: update)
            }
            rewrites.removeAll(keepingCapacity: true)
            done += rows
            if rows > 0 { progress(MigrationProgress(recordsDone: done, recordsTotal: total)) }
            if rows < batchSize { break }
        }
    }

    /// Runs `update` (the kinds' form when `kind` is given) for one record, its texts bound in
    /// place for the duration of the step.
    private static func write(_ rewrite: RecordRewrite, account: String, scene: String, kind: String?, with update: Statement) throws {
        var payload = rewrite.payload
        var account = account
        var scene = scene
        try payload.withUTF8 { payload in
            try account.withUTF8 { account in
                try scene.withUTF8 { scene in
                    update.clearBindings()
                    // Unbinds the borrowed texts before they go away, whether the step ran or threw.
                    defer { update.reset() }
                    try update.bind(.integer(Int64(rewrite.version)), at: 1)
                    if let kind {
                        try update.bind(rewrite.minReaderVersion.map { .integer(Int64($0)) } ?? .null, at: 2)
                        try update.bind(borrowingText: payload, at: 3)
                        try update.bind(borrowingText: account, at: 4)
                        try update.bind(borrowingText: scene, at: 5)
                        try update.bind(.text(kind), at: 6)
                    } else {
                        try update.bind(borrowingText: payload, at: 2)
                        try update.bind(borrowingText: account, at: 3)
                        try update.bind(borrowingText: scene, at: 4)
                    }
                    try update.step()
                }
            }
        }
    }
}
