import CSQLite
import Foundation
import ScreenKinds
import ScreenModels
import StateRestore

/// The floor twin: the raw twin's work on a minimal table (the same key, account, scene and
/// kind, as its primary key only: no secondary index, no CHECK constraints, no newer-version
/// guard in the upsert), in its own file opened with the same flags and pragmas. It is what storing one record costs at all; the gap between
/// it and raw is the schema's price, the gap between raw and the engine the API's.
enum FloorTwin {
    static let createSQL = """
        CREATE TABLE IF NOT EXISTS floor_state (
            account    TEXT    NOT NULL,
            scene      TEXT    NOT NULL,
            kind       TEXT    NOT NULL,
            version    INTEGER NOT NULL,
            payload    TEXT    NOT NULL,
            updated_at REAL    NOT NULL,
            PRIMARY KEY (account, scene, kind)
        ) WITHOUT ROWID
        """

    static let upsertSQL = """
        INSERT INTO floor_state (account, scene, kind, version, payload, updated_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
        ON CONFLICT (account, scene, kind) DO UPDATE
        SET version = excluded.version, payload = excluded.payload, updated_at = excluded.updated_at
        """

    static let selectSQL = "SELECT version, payload, updated_at FROM floor_state WHERE account = ? AND scene = ? AND kind = ?"

    /// Creates the floor database at `path` (closed again), optionally holding one record.
    static func makeDatabase(at path: String, holding payload: String? = nil, for key: SceneKey? = nil) throws {
        let connection = try RawConnection(path: path)
        try connection.exec(createSQL)
        if let payload, let key { try FloorRecordSaver(connection).save(payload, for: key, version: 1) }
    }
}

/// The floor twin of one save: `BEGIN IMMEDIATE`, the minimal upsert, `COMMIT`, through
/// statements prepared once.
final class FloorRecordSaver {
    private let connection: RawConnection
    private let begin: OpaquePointer
    private let upsert: OpaquePointer
    private let commit: OpaquePointer

    init(_ connection: RawConnection) throws {
        self.connection = connection
        begin = try connection.prepare("BEGIN IMMEDIATE")
        upsert = try connection.prepare(FloorTwin.upsertSQL)
        commit = try connection.prepare("COMMIT")
    }

    /// Opens the floor database at `path` (creating its table) and prepares the statements.
    convenience init(path: String) throws {
        try FloorTwin.makeDatabase(at: path)
        try self.init(RawConnection(path: path))
    }

    deinit { [begin, upsert, commit].forEach { sqlite3_finalize($0) } }

    func save(_ payload: String, for key: SceneKey, version: Int = CatalogViewState.currentVersion) throws {
        try connection.run(begin)
        RawConnection.bind(upsert, 1, key.account)
        RawConnection.bind(upsert, 2, key.scene)
        RawConnection.bind(upsert, 3, CatalogViewState.kind)
        sqlite3_bind_int64(upsert, 4, Int64(version))
        RawConnection.bind(upsert, 5, payload)
        sqlite3_bind_double(upsert, 6, Date().timeIntervalSince1970)
        try connection.run(upsert)
        guard sqlite3_changes(connection.handle) == 1 else { throw RawConnection.Failure(description: "floor upsert changed nothing") }
        try connection.run(commit)
    }
}
