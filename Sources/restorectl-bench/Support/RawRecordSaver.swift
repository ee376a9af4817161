import CSQLite
import Foundation
import ScreenKinds
import ScreenModels
import StateRestore
import StateStore

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
        upsert = try connection.prepare(Store.upsertRecordSQL)
        commit = try connection.prepare("COMMIT")
    }

    deinit { [begin, upsert, commit].forEach { sqlite3_finalize($0) } }

    /// Stores `payload` as the current-format record of `key`; throws when the upsert changed
    /// no row, so a raw twin that silently skipped its write never looks fast.
    func save(_ payload: String, for key: SceneKey) throws {
        try connection.run(begin)
        Self.bindUpsert(upsert, payload, for: key)
        try connection.run(upsert)
        guard sqlite3_changes(connection.handle) == 1 else { throw RawConnection.Failure(description: "upsert changed nothing") }
        try connection.run(commit)
    }

    /// Binds the engine's upsert of a current-format catalog record, as the engine binds it.
    static func bindUpsert(_ upsert: OpaquePointer, _ payload: String, for key: SceneKey) {
        RawConnection.bind(upsert, 1, key.account)
        RawConnection.bind(upsert, 2, key.scene)
        RawConnection.bind(upsert, 3, CatalogViewState.kind)
        sqlite3_bind_int64(upsert, 4, Int64(CatalogViewState.currentVersion))
        sqlite3_bind_int64(upsert, 5, Int64(CatalogViewState.currentVersion))
        RawConnection.bind(upsert, 6, payload)
        sqlite3_bind_double(upsert, 7, Date().timeIntervalSince1970)
        sqlite3_bind_int64(upsert, 8, Int64(CatalogViewState.currentVersion))
    }
}
