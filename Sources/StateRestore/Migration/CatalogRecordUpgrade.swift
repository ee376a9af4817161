import ScreenModels
import StateStore

/// The data step of migration 3 (`-- data-step: upgrade-catalog-records`): rewrites every
/// catalog record older than format 3 in the current format.
///
/// It runs through the store's ``RecordRewriter`` (bounded batches inside the migration's
/// transaction, catalog records only). Each record is decoded with
/// ``CatalogRecordCodec/decode(_:)-(Collection<UInt8>)``; only `.decoded` records whose source
/// format is below 3, and that were not read through a `minReaderVersion`, are rewritten, with
/// their unknown fields and `updated_at` kept. Undecodable and newer records stay byte for byte.
///
/// Every later format change is lazy instead: records are upgraded when read and written back
/// on the next save, so no migration of the library's schema depends on a record format again.
enum CatalogRecordUpgrade {
    /// The schema version whose migration declares this step.
    static let schemaVersion = 3

    /// Runs the step through `records`, inside the migration's transaction.
    static func run(_ records: RecordRewriter, batchSize: Int = RecordRewriter.defaultBatchSize, progress: (MigrationProgress) -> Void) throws {
        try records.rewrite(kind: CatalogViewState.kind, batchSize: batchSize, progress: progress) { bytes in
            upgradedPayload(bytes).map { RecordRewrite(version: CatalogRecord.currentVersion, payload: $0) }
        }
    }

    /// The current-format text of an older record, or nil when it must stay as it is.
    static func upgradedPayload(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard case .decoded(let record, let provenance) = CatalogRecordCodec.decode(bytes.bindMemory(to: UInt8.self)),
            provenance.sourceVersion < CatalogRecord.currentVersion,
            provenance.readThroughMinReaderVersion == nil
        else { return nil }
        return CatalogRecordCodec.encode(record)
    }
}
