import Foundation
import ScreenModels
import StateRestore

/// What restoring a shelf produced: the last successful content with the drafts that still
/// apply, which of those conflict with a newer revision, and the report.
public struct ShelfRestoration: Equatable, Sendable {
    /// The account the shelf belongs to.
    public let account: String
    /// The shelf's name.
    public let shelf: String
    /// The restored content and kept drafts, or nil when no readable snapshot exists.
    public let snapshot: ShelfSnapshot?
    /// Kept drafts whose base revision is behind their book's revision in the snapshot.
    public let conflictingDrafts: [ShelfDraft]
    /// Every adjustment made, in order.
    public let report: [RestoreReportEntry]

    /// A view model seeded with the restored query, rows and drafts, marked stale until its
    /// first successful refresh, with the conflicting drafts in `state.conflicts` so the person
    /// is told. Construction has no effects; call `reload()` to refresh.
    @MainActor
    public func makeViewModel(loader: any ShelfLoading, saver: (any ShelfSaving)? = nil) -> ShelfViewModel {
        ShelfViewModel(loader: loader, saver: saver, restoring: snapshot, conflicts: conflictingDrafts)
    }
}
