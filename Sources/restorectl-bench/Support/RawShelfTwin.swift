import CSQLite
import Foundation
import ScreenKinds
import ScreenModels
import StateRestore

/// The shelf snapshot's raw twin: the same codec, the same INSERT and prune in one
/// transaction, then a select of the newest snapshot decoded where SQLite holds its bytes.
final class RawShelfTwin {
    private let connection: RawConnection
    private let begin, commit, insert, lastID, prune, select: OpaquePointer

    init(path: String) throws {
        _ = StateRestorer(path: path)  // the package's schema
        connection = try RawConnection(path: path)
        begin = try connection.prepare("BEGIN IMMEDIATE")
        commit = try connection.prepare("COMMIT")
        insert = try connection.prepare("INSERT INTO shelf_snapshot (account, shelf, version, payload, row_count, fetched_at, saved_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
        lastID = try connection.prepare("SELECT last_insert_rowid()")
        prune = try connection.prepare(
            """
            DELETE FROM shelf_snapshot WHERE account = ? AND shelf = ? AND id NOT IN
            (SELECT id FROM shelf_snapshot WHERE account = ? AND shelf = ? ORDER BY id DESC LIMIT ?)
            """
        )
        select = try connection.prepare(
            """
            SELECT id, account, shelf, version, payload, row_count, fetched_at, saved_at FROM shelf_snapshot
            WHERE account = ? AND shelf = ? ORDER BY id DESC
            """
        )
    }

    deinit { [begin, commit, insert, lastID, prune, select].forEach { sqlite3_finalize($0) } }

    func save(_ snapshot: ShelfSnapshot) throws {
        let payload = try ShelfSnapshotCodec.encode(snapshot)
        try connection.run(begin)
        RawConnection.bind(insert, 1, "default")
        RawConnection.bind(insert, 2, "main")
        sqlite3_bind_int64(insert, 3, 1)
        RawConnection.bind(insert, 4, payload)
        sqlite3_bind_int64(insert, 5, Int64(snapshot.books.count))
        sqlite3_bind_double(insert, 6, snapshot.fetchedAt.timeIntervalSince1970)
        sqlite3_bind_double(insert, 7, Date().timeIntervalSince1970)
        try connection.run(insert)
        _ = sqlite3_step(lastID)
        sqlite3_reset(lastID)
        for (index, text) in ["default", "main", "default", "main"].enumerated() { RawConnection.bind(prune, Int32(index + 1), text) }
        sqlite3_bind_int64(prune, 5, 3)
        try connection.run(prune)
        try connection.run(commit)
    }

    /// The newest snapshot's book count, after decoding it whole.
    func restoreBookCount() throws -> Int {
        RawConnection.bind(select, 1, "default")
        RawConnection.bind(select, 2, "main")
        defer { sqlite3_reset(select) }
        guard sqlite3_step(select) == SQLITE_ROW else { return 0 }
        return try RawConnection.withColumnBytes(select, 4) { try ShelfSnapshotCodec.decode($0) }.books.count
    }
}
