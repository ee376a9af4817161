import Foundation
import ScreenModels

extension ShelfSnapshotRecord {
    /// The stored form of a shelf view model's snapshot.
    public init(_ snapshot: ShelfSnapshot) {
        self.init(
            books: snapshot.books.map { ShelfSnapshotBook(id: $0.id, title: $0.title, revision: $0.revision) },
            fetchedAt: snapshot.fetchedAt.timeIntervalSince1970,
            drafts: snapshot.drafts.map { ShelfSnapshotDraft(bookID: $0.bookID, baseRevision: $0.baseRevision, proposedTitle: $0.proposedTitle) }
        )
    }

    /// The snapshot the shelf view model is seeded with, before draft reconciliation.
    var model: ShelfSnapshot {
        ShelfSnapshot(
            books: books.map { ShelfBook(id: $0.id, title: $0.title, revision: $0.revision) },
            fetchedAt: Date(timeIntervalSince1970: fetchedAt),
            drafts: drafts.map { ShelfDraft(bookID: $0.bookID, baseRevision: $0.baseRevision, proposedTitle: $0.proposedTitle) }
        )
    }
}
