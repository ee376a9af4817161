import CSQLite
import Foundation
import StateRestore

/// The raw twin of one `StateRestorer.save`: the engine's upsert with the engine's bindings, in
/// its own `BEGIN IMMEDIATE` … `COMMIT`, through statements prepared once on `connection`.
final class RawRecordSaver {
    private let connection: RawConnection
    private let begin: OpaquePointer
    private let upsert: OpaquePointer
    private let commit: OpaquePointer

    /// Prepares the statements; they are finalized when the saver is released.
    init(_ connection: RawConnection) throws {
        self.connection = connection
        begin = try connection.prepare("BEGIN IMMEDIATE")
        upsert = try connection.prepare(rawUpsertSQL)
        commit = try connection.prepare("COMMIT")
    }

    deinit { [begin, upsert, commit].forEach { sqlite3_finalize($0) } }

    /// Stores `payload` as the current-format record of `key`; throws when the upsert changed
    /// no row, so a raw twin that silently skipped its write never looks fast.
    func save(_ payload: String, for key: SceneKey) throws {
        try connection.run(begin)
        RawConnection.bind(upsert, 1, key.account)
        RawConnection.bind(upsert, 2, key.scene)
        sqlite3_bind_int64(upsert, 3, Int64(CatalogRecord.currentVersion))
        RawConnection.bind(upsert, 4, payload)
        sqlite3_bind_double(upsert, 5, Date().timeIntervalSince1970)
        sqlite3_bind_int64(upsert, 6, Int64(CatalogRecord.currentVersion))
        try connection.run(upsert)
        guard sqlite3_changes(connection.handle) == 1 else { throw RawConnection.Failure(description: "upsert changed nothing") }
        try connection.run(commit)
    }
}
