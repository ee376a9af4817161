import CSQLite
import Foundation
import ScreenModels
import StateRestore
import StateStore

/// `shelf-snapshot`: write, then restore, a shelf snapshot of N rows. The engine goes through
/// `StateRestorer.saveShelf` and `restoreShelf` (which also prune old snapshots and reconcile
/// drafts); the raw twin encodes the same record with the same codec, runs the same INSERT and
/// prune in one transaction, then selects the newest snapshot and decodes it.
enum ShelfSnapshotWorkload {
    static func run(_ mode: BenchMode, rows: Int) throws -> WorkloadReport {
        let scratch = try Scratch("shelf")
        let books = (1...rows).map { ShelfBook(id: $0, title: "Book \($0) of the shelf", revision: $0 % 7) }
        let drafts = [ShelfDraft(bookID: 3, baseRevision: 3, proposedTitle: "Renamed")]
        let snapshot = ShelfSnapshot(books: books, fetchedAt: Date(timeIntervalSince1970: 1_700_000_000), drafts: drafts)
        let restorer = StateRestorer(path: scratch.path("engine.sqlite"))
        _ = StateRestorer(path: scratch.path("raw.sqlite"))
        let connection = try RawConnection(path: scratch.path("raw.sqlite"))
        let begin = try connection.prepare("BEGIN IMMEDIATE")
        let commit = try connection.prepare("COMMIT")
        let insert = try connection.prepare("INSERT INTO shelf_snapshot (account, shelf, version, payload, row_count, fetched_at, saved_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
        let lastID = try connection.prepare("SELECT last_insert_rowid()")
        let prune = try connection.prepare(
            """
            DELETE FROM shelf_snapshot WHERE account = ? AND shelf = ? AND id NOT IN
            (SELECT id FROM shelf_snapshot WHERE account = ? AND shelf = ? ORDER BY id DESC LIMIT ?)
            """
        )
        let select = try connection.prepare(
            """
            SELECT id, account, shelf, version, payload, row_count, fetched_at, saved_at FROM shelf_snapshot
            WHERE account = ? AND shelf = ? ORDER BY id DESC
            """
        )
        defer { [begin, commit, insert, lastID, prune, select].forEach { sqlite3_finalize($0) } }

        var engineSave = Samples(), engineRestore = Samples(), rawSave = Samples(), rawRestore = Samples()
        var engine = Samples(), raw = Samples()
        for _ in 0..<(mode.shelfRepetitions + 1) {
            let saveStart = ContinuousClock.now
            try engineSave.time { try restorer.saveShelf(snapshot, shelf: "main") }
            let restored = engineRestore.time { restorer.restoreShelf("main") }
            engine.append(ContinuousClock.now - saveStart)
            guard restored.snapshot?.books.count == rows else { throw RawConnection.Failure(description: "shelf not restored: \(restored.report)") }

            let rawStart = ContinuousClock.now
            try rawSave.time {
                let payload = try ShelfSnapshotCodec.encode(snapshot)
                try connection.run(begin)
                RawConnection.bind(insert, 1, "default")
                RawConnection.bind(insert, 2, "main")
                sqlite3_bind_int64(insert, 3, 1)
                RawConnection.bind(insert, 4, payload)
                sqlite3_bind_int64(insert, 5, Int64(rows))
                sqlite3_bind_double(insert, 6, 1_700_000_000)
                sqlite3_bind_double(insert, 7, Date().timeIntervalSince1970)
                try connection.run(insert)
                _ = sqlite3_step(lastID)
                sqlite3_reset(lastID)
                for (index, text) in ["default", "main", "default", "main"].enumerated() { RawConnection.bind(prune, Int32(index + 1), text) }
                sqlite3_bind_int64(prune, 5, 3)
                try connection.run(prune)
                try connection.run(commit)
            }
            let count = try rawRestore.time { () throws -> Int in
                RawConnection.bind(select, 1, "default")
                RawConnection.bind(select, 2, "main")
                defer { sqlite3_reset(select) }
                guard sqlite3_step(select) == SQLITE_ROW else { return 0 }
                return try RawConnection.withColumnBytes(select, 4) { try ShelfSnapshotCodec.decode($0) }.books.count
            }
            raw.append(ContinuousClock.now - rawStart)
            guard count == rows else { throw RawConnection.Failure(description: "raw shelf not restored") }
        }
        restorer.close()
        var report = WorkloadReport(
            name: "shelf-snapshot-\(rows / 1_000)k", unit: "write + restore of a \(rows)-row snapshot",
            engine: engine.droppingFirst(1), raw: raw.droppingFirst(1)
        )
        report.extra = [
            "rows": .integer(Int64(rows)),
            "engine_save_p50_ms": .double(engineSave.droppingFirst(1).median),
            "engine_restore_p50_ms": .double(engineRestore.droppingFirst(1).median),
            "raw_save_p50_ms": .double(rawSave.droppingFirst(1).median),
            "raw_restore_p50_ms": .double(rawRestore.droppingFirst(1).median),
        ]
        return report
    }
}
