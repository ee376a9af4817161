import Foundation
import ScreenModels
import StateRestore
import StateStore

extension StateRestorer {
    /// How many snapshots this build can read are kept per shelf, so an unreadable newest one
    /// falls back to an older. Snapshots of a newer format, and ones found unreadable, are kept
    /// besides, never pruned.
    public static let shelfSnapshotsKept = 3

    /// Saves a shelf's snapshot (query, content and every open draft), keeping the last few
    /// per shelf.
    ///
    /// After a restore of the shelf that could not read the file (`database-unavailable`,
    /// `database-busy`), the snapshot is written with the drafts of the stored snapshot that
    /// it lacks (of books it has no draft for), flagged so that the next restore shows them as
    /// conflicts: nothing a person typed is hidden by a launch that never saw it. That lasts
    /// until a restore of the shelf reads the file.
    public func saveShelf(_ snapshot: ShelfSnapshot, shelf: String, account: String = StoreNames.defaultAccount) throws {
        try saveSnapshot(ShelfSnapshotCodec.Stored(snapshot: snapshot), as: ShelfSnapshotCodec.self, named: shelf, account: account)
    }

    /// Restores a shelf's newest snapshot this build can read, with its query.
    ///
    /// - A draft whose book is not listed is dropped and reported (`draft-dropped`) when the
    ///   snapshot is unfiltered: the book is gone. Under a query, unlisted books are only hidden,
    ///   so their drafts are kept.
    /// - A draft based on an older revision than its book's is kept and flagged
    ///   (`draft-conflict`); ``ShelfRestoration/makeViewModel(loader:saver:)`` shows it.
    /// - A newer snapshot this build may not read stays in place (`unsupported-version`); an
    ///   undecodable one is marked and kept (`record-unreadable`); either way an older one is
    ///   tried.
    public func restoreShelf(_ shelf: String, account: String = StoreNames.defaultAccount) -> ShelfRestoration {
        let restored = restoreSnapshot(ShelfSnapshotCodec.self, named: shelf, account: account)
        guard let stored = restored.snapshot else {
            return ShelfRestoration(account: account, shelf: shelf, snapshot: nil, conflictingDrafts: [], report: restored.report)
        }
        return Self.reconciled(stored.snapshot, recoveredDrafts: stored.recoveredDrafts, account: account, shelf: shelf, report: restored.report)
    }

    private static func reconciled(
        _ snapshot: ShelfSnapshot, recoveredDrafts: Set<Int>, account: String, shelf: String, report: [RestoreReportEntry]
    ) -> ShelfRestoration {
        var report = report
        // The revisions of the drafted books only: one pass over the rows, no index of them all.
        let drafted = Set(snapshot.drafts.map(\.bookID))
        var revisions: [Int: Int] = [:]
        if !drafted.isEmpty {
            for book in snapshot.books where drafted.contains(book.id) && revisions[book.id] == nil {
                revisions[book.id] = book.revision
            }
        }
        let isFiltered = !snapshot.query.isEmpty
        var kept: [ShelfDraft] = []
        var conflicts: [ShelfDraft] = []
        for draft in snapshot.drafts {
            guard let revision = revisions[draft.bookID] else {
                if isFiltered {
                    kept.append(draft)  // hidden by the query, not gone
                } else {
                    report.append(RestoreReportEntry(.draftDropped, "the draft renaming book \(draft.bookID) to \"\(draft.proposedTitle)\" was dropped: the book is no longer on the shelf"))
                }
                continue
            }
            kept.append(draft)
            let conflict: String
            if recoveredDrafts.contains(draft.bookID) {
                conflict =
                    "the draft renaming book \(draft.bookID) to \"\(draft.proposedTitle)\" was typed before a launch that could not read the shelf and saved it; it was kept and flagged as a conflict so it is not hidden"
            } else if draft.baseRevision < revision {
                conflict = "the draft renaming book \(draft.bookID) was made against revision \(draft.baseRevision), but the shelf has revision \(revision); it was kept and flagged as a conflict"
            } else {
                continue
            }
            conflicts.append(draft)
            report.append(RestoreReportEntry(.draftConflict, conflict))
        }
        let restored = ShelfSnapshot(books: snapshot.books, fetchedAt: snapshot.fetchedAt, drafts: kept, query: snapshot.query)
        return ShelfRestoration(account: account, shelf: shelf, snapshot: restored, conflictingDrafts: conflicts, report: report)
    }
}
