import Foundation
import JSON
import ScreenKinds
import ScreenModels
import StateRestore

/// `shelf-snapshot`: write, then restore, a shelf snapshot of N rows. The engine goes through
/// `StateRestorer.saveShelf` and `restoreShelf` (which also prune old snapshots and reconcile
/// drafts); the raw twin (`RawShelfTwin`) encodes the same record with the same codec, runs the
/// same INSERT and prune in one transaction, then selects the newest snapshot and decodes it.
///
/// Times are taken with both sides in one process, turn about. Peak memory is taken apart:
/// each side saves and restores the snapshot twice alone in a child process of its own
/// (`__shelf-memory`), so one side's peak never counts against the other.
enum ShelfSnapshotWorkload {
    static func run(_ mode: BenchMode, rows: Int) throws -> WorkloadReport {
        // First, while this process is still small: Linux carries a process's peak resident
        // size into the children it starts (fork copies it, exec keeps it).
        let enginePeak = try peakMiB(side: "engine", rows: rows)
        let rawPeak = try peakMiB(side: "raw", rows: rows)
        let scratch = try Scratch("shelf")
        let snapshot = makeSnapshot(rows: rows)
        let restorer = StateRestorer(path: scratch.path("engine.sqlite"))
        let raw = try RawShelfTwin(path: scratch.path("raw.sqlite"))

        var engineSave = Samples()
        var engineRestore = Samples()
        var rawSave = Samples()
        var rawRestore = Samples()
        var engineTotal = Samples()
        var rawTotal = Samples()
        for _ in 0..<(mode.shelfRepetitions + 1) {
            let saveStart = ContinuousClock.now
            try engineSave.time { try restorer.saveShelf(snapshot, shelf: "main") }
            let restored = engineRestore.time { restorer.restoreShelf("main") }
            engineTotal.append(ContinuousClock.now - saveStart)
            guard restored.snapshot?.books.count == rows else { throw RawConnection.Failure(description: "shelf not restored: \(restored.report)") }

            let rawStart = ContinuousClock.now
            try rawSave.time { try raw.save(snapshot) }
            let count = try rawRestore.time { try raw.restoreBookCount() }
            rawTotal.append(ContinuousClock.now - rawStart)
            guard count == rows else { throw RawConnection.Failure(description: "raw shelf not restored") }
        }
        try restorer.close()
        var report = WorkloadReport(
            name: "shelf-snapshot-\(rows / 1_000)k", unit: "write + restore of a \(rows)-row snapshot",
            engine: engineTotal.droppingFirst(1), raw: rawTotal.droppingFirst(1)
        )
        report.peakResidentMiB = enginePeak
        report.extra = [
            "rows": .integer(Int64(rows)),
            "engine_save_p50_ms": .double(engineSave.droppingFirst(1).median),
            "engine_restore_p50_ms": .double(engineRestore.droppingFirst(1).median),
            "raw_save_p50_ms": .double(rawSave.droppingFirst(1).median),
            "raw_restore_p50_ms": .double(rawRestore.droppingFirst(1).median),
            "raw_peak_rss_mib": .double(rawPeak),
        ]
        if rows >= 100_000 {
            report.targets.append(.init(description: "peak memory < 48 MiB with \(rows) rows (got \(String(format: "%.1f", enginePeak)) MiB)", isMet: enginePeak < 48))
            report.targets.append(.init(description: "peak memory <= 1.1x raw (got \(String(format: "%.2f", enginePeak / rawPeak))x)", isMet: enginePeak <= rawPeak * 1.1))
        }
        return report
    }

    /// The peak memory of one side saving and restoring the snapshot alone in a child process.
    private static func peakMiB(side: String, rows: Int) throws -> Double {
        let output = try ChildProcess.run(["__shelf-memory", side, String(rows)])
        guard case .double(let peak)? = try JSONValue.parse(output)["peak_rss_mib"] else {
            throw RawConnection.Failure(description: "__shelf-memory \(side) printed \(output)")
        }
        return peak
    }

    /// The child of `peakMiB`: on one side, twice, saves a snapshot built for the save and let
    /// go after it, then restores it, as an app saves in one launch and restores in the next
    /// (the model it saved from is not in memory when the restore runs). Prints
    /// `{"peak_rss_mib": …}`.
    static func measureMemory(side: String, rows: Int) throws -> JSONValue {
        let scratch = try Scratch("shelf-memory")
        let save: (ShelfSnapshot) throws -> Void
        let restoredCount: () throws -> Int?
        switch side {
        case "engine":
            let restorer = StateRestorer(path: scratch.path("engine.sqlite"))
            save = { try restorer.saveShelf($0, shelf: "main") }
            restoredCount = { restorer.restoreShelf("main").snapshot?.books.count }
        case "raw":
            let raw = try RawShelfTwin(path: scratch.path("raw.sqlite"))
            save = raw.save
            restoredCount = raw.restoreBookCount
        default:
            throw RawConnection.Failure(description: "unknown side \(side)")
        }
        for _ in 0..<2 {
            try save(makeSnapshot(rows: rows))
            guard try restoredCount() == rows else { throw RawConnection.Failure(description: "\(side) shelf not restored") }
        }
        return ["peak_rss_mib": .double(peakResidentMiB())]
    }

    private static func makeSnapshot(rows: Int) -> ShelfSnapshot {
        let books = (1...rows).map { ShelfBook(id: $0, title: "Book \($0) of the shelf", revision: $0 % 7) }
        let drafts = [ShelfDraft(bookID: 3, baseRevision: 3, proposedTitle: "Renamed")]
        return ShelfSnapshot(books: books, fetchedAt: Date(timeIntervalSince1970: 1_700_000_000), drafts: drafts)
    }
}
