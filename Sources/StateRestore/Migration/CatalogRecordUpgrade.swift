import StateStore

/// The data step of migration 3 (`-- data-step: upgrade-catalog-records`): rewrites every
/// catalog record older than format 3 in the current format.
///
/// It walks `scene_state` by primary key in batches of ``batchSize`` rows (keyset pagination,
/// so each batch is an index seek, not an offset scan), inside the migration's transaction, so
/// memory stays flat however many records there are. Each record is decoded with
/// ``CatalogRecordCodec/decode(_:)-(Collection<UInt8>)``; only `.decoded` records whose source
/// format is below 3, and that were not read through a `minReaderVersion`, are rewritten, with
/// their unknown fields and `updated_at` kept. Undecodable and newer records stay byte for byte.
enum CatalogRecordUpgrade {
    /// The schema version whose migration declares this step.
    static let schemaVersion = 3
    /// Rows read per batch.
    static let batchSize = 1_000

    /// Runs the step on `db`, which must be inside the migration's transaction.
    static func run(_ db: Database, batchSize: Int = batchSize, progress: (MigrationProgress) -> Void) throws {
        let total = try db.fetchOne("SELECT count(*) FROM scene_state") { $0.int(0) } ?? 0
        progress(MigrationProgress(recordsDone: 0, recordsTotal: total))
        let first = try db.makeStatement(
            "SELECT account, scene, payload FROM scene_state ORDER BY account, scene LIMIT ?1"
        )
        let next = try db.makeStatement(
            "SELECT account, scene, payload FROM scene_state WHERE (account, scene) > (?1, ?2) ORDER BY account, scene LIMIT ?3"
        )
        let update = try db.makeStatement("UPDATE scene_state SET version = ?1, payload = ?2 WHERE account = ?3 AND scene = ?4")
        var last: (account: String, scene: String)?
        var done = 0
        var rewrites: [(account: String, scene: String, payload: String)] = []
        rewrites.reserveCapacity(batchSize)
        while true {
            let query: Statement
            if let last {
                query = next
                try query.bind([.text(last.account), .text(last.scene), .int(batchSize)])
            } else {
                query = first
                try query.bind([.int(batchSize)])
            }
            var rows = 0
            while try query.step() {
                rows += 1
                let account = query.string(0) ?? ""
                let scene = query.string(1) ?? ""
                last = (account, scene)
                if let payload = query.withBytes(2, upgradedPayload) {
                    rewrites.append((account, scene, payload))
                }
            }
            query.reset()
            // Written after the batch's read finished, so no cursor is open on the table.
            for rewrite in rewrites {
                try update.bind([.int(CatalogRecord.currentVersion), .text(rewrite.payload), .text(rewrite.account), .text(rewrite.scene)])
                try update.step()
            }
            update.reset()
            rewrites.removeAll(keepingCapacity: true)
            done += rows
            if rows > 0 { progress(MigrationProgress(recordsDone: done, recordsTotal: total)) }
            if rows < batchSize { break }
        }
    }

    /// The current-format text of an older record, or nil when it must stay as it is.
    static func upgradedPayload(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard case let .decoded(record, provenance) = CatalogRecordCodec.decode(bytes.bindMemory(to: UInt8.self)),
            provenance.sourceVersion < CatalogRecord.currentVersion,
            provenance.readThroughMinReaderVersion == nil
        else { return nil }
        return CatalogRecordCodec.encode(record)
    }
}
