import Foundation
import ScreenModels
import StateStore

extension StateRestorer {
    /// How many snapshots are kept per shelf, so an unreadable newest one falls back to an older.
    public static let shelfSnapshotsKept = 3

    /// Saves a shelf's snapshot (content and open drafts), keeping the last few per shelf.
    public func saveShelf(_ snapshot: ShelfSnapshot, shelf: String, account: String = StoreNames.defaultAccount) throws {
        guard let store else {
            throw RestoreError.databaseUnusable(databaseReport.last?.detail ?? "the database cannot be written")
        }
        try store.saveShelfSnapshot(snapshot, shelf: shelf, account: account)
    }

    /// Restores a shelf's last readable snapshot: a draft whose book is gone is dropped and
    /// reported; one based on an older revision than its book's is kept and flagged.
    public func restoreShelf(_ shelf: String, account: String = StoreNames.defaultAccount) -> ShelfRestoration {
        var report = databaseReport
        guard let store else {
            return ShelfRestoration(account: account, shelf: shelf, snapshot: nil, conflictingDrafts: [], report: report)
        }
        do {
            var restored: ShelfSnapshot?
            try store.forEachShelfSnapshot(account: account, shelf: shelf) { stored in
                do {
                    restored = try ShelfSnapshotCodec.decode(stored.payload)
                    return false
                } catch {
                    report.append(RestoreReportEntry(.recordUnreadable, "shelf snapshot \(stored.id) could not be decoded (\(error.localizedDescription)); it was kept and an older snapshot was tried"))
                    return true
                }
            }
            if let restored {
                return Self.reconciled(restored, account: account, shelf: shelf, report: report)
            }
            report.append(RestoreReportEntry(.noRecord, "shelf \"\(shelf)\" has no readable snapshot; it starts empty"))
        } catch {
            report.append(RestoreReportEntry(.databaseUnavailable, "the shelf snapshots could not be read: \(error.localizedDescription)"))
        }
        return ShelfRestoration(account: account, shelf: shelf, snapshot: nil, conflictingDrafts: [], report: report)
    }

    private static func reconciled(_ snapshot: ShelfSnapshot, account: String, shelf: String, report: [RestoreReportEntry]) -> ShelfRestoration {
        var report = report
        let revisions = Dictionary(snapshot.books.map { ($0.id, $0.revision) }, uniquingKeysWith: { first, _ in first })
        var kept: [ShelfDraft] = []
        var conflicts: [ShelfDraft] = []
        for draft in snapshot.drafts {
            guard let revision = revisions[draft.bookID] else {
                report.append(RestoreReportEntry(.draftDropped, "the draft renaming book \(draft.bookID) to \"\(draft.proposedTitle)\" was dropped: the book is no longer on the shelf"))
                continue
            }
            kept.append(draft)
            if draft.baseRevision < revision {
                conflicts.append(draft)
                report.append(RestoreReportEntry(.draftConflict, "the draft renaming book \(draft.bookID) was made against revision \(draft.baseRevision), but the shelf has revision \(revision); it was kept and flagged as a conflict"))
            }
        }
        let restored = ShelfSnapshot(books: snapshot.books, fetchedAt: snapshot.fetchedAt, drafts: kept)
        return ShelfRestoration(account: account, shelf: shelf, snapshot: restored, conflictingDrafts: conflicts, report: report)
    }
}

extension Store {
    /// Stores a shelf snapshot, encoded by ``ShelfSnapshotCodec``, keeping the last
    /// `StateRestorer.shelfSnapshotsKept`.
    public func saveShelfSnapshot(_ snapshot: ShelfSnapshot, shelf: String, account: String) throws {
        let payload = try ShelfSnapshotCodec.encode(snapshot)
        try saveShelfSnapshot(
            payload, version: ShelfSnapshotCodec.currentVersion, account: account, shelf: shelf,
            rowCount: snapshot.books.count, fetchedAt: snapshot.fetchedAt.timeIntervalSince1970,
            keeping: StateRestorer.shelfSnapshotsKept
        )
    }
}
