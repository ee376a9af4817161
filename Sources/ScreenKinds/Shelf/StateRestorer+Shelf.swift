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
        let collection = Self.shelfCollection(shelf, account: account)
        let isUnseen = collectionIsUnseen(collection)
        let rules = snapshotRules(forCollection: collection, account: account, readableUpTo: ShelfSnapshotCodec.currentVersion)
        try recoveringFromDamage { store in
            guard isUnseen, let stored = try Self.newestReadableSnapshot(shelf, account: account, in: store) else {
                return try store.saveShelfSnapshot(snapshot, shelf: shelf, account: account, recoveredDrafts: [], rules: rules)
            }
            let drafted = Set(snapshot.drafts.map(\.bookID))
            let lacking = stored.drafts.filter { !drafted.contains($0.bookID) }
            var merged = snapshot
            merged.drafts += lacking
            let recovered = Set(lacking.map(\.bookID))
            try store.saveShelfSnapshot(merged, shelf: shelf, account: account, recoveredDrafts: recovered, rules: rules)
        }
    }

    /// The name under which the restorer notes whether a shelf's last restore read the file.
    private static func shelfCollection(_ shelf: String, account: String) -> String {
        "shelf\u{0}\(account)\u{0}\(shelf)"
    }

    /// The newest stored snapshot of the shelf this build reads.
    private static func newestReadableSnapshot(_ shelf: String, account: String, in store: Store) throws -> ShelfSnapshot? {
        var found: ShelfSnapshot?
        try store.forEachShelfSnapshot(account: account, shelf: shelf) { _, payload in
            guard case .decoded(let snapshot, _) = ShelfSnapshotCodec.decodeStored(payload).decoding else { return true }
            found = snapshot
            return false
        }
        return found
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
        let restoration = withStore { store, databaseReport in Self.restoreShelf(shelf, account: account, from: store, report: databaseReport) }
        let couldNotRead = restoration.report.contains { RestoreCode.fileNotRead.contains($0.code) }
        noteRestore(ofCollection: Self.shelfCollection(shelf, account: account), account: account, sawFile: !couldNotRead)
        return restoration
    }

    private static func restoreShelf(_ shelf: String, account: String, from store: Store?, report databaseReport: [RestoreReportEntry]) -> ShelfRestoration {
        var report = databaseReport
        guard let store else {
            return ShelfRestoration(account: account, shelf: shelf, snapshot: nil, conflictingDrafts: [], report: report)
        }
        do {
            var restored: (ShelfSnapshot, RecordProvenance, Set<Int>)?
            var unreadable: [(id: Int64, error: String)] = []
            try store.forEachShelfSnapshot(account: account, shelf: shelf) { stored, payload in
                let decoded = ShelfSnapshotCodec.decodeStored(payload)
                switch decoded.decoding {
                case .decoded(let snapshot, let provenance):
                    restored = (snapshot, provenance, decoded.recoveredDrafts)
                    return false
                case .newer(let version, _):
                    report.append(
                        RestoreReportEntry(
                            .unsupportedVersion,
                            "shelf snapshot \(stored.id) has format \(version), newer than this build reads (\(ShelfSnapshotCodec.currentVersion)); it was kept for the release that wrote it and an older snapshot was tried"
                        ))
                    return true
                case .unreadable(let error):
                    if stored.unreadableError == nil { unreadable.append((stored.id, error.localizedDescription)) }
                    report.append(
                        RestoreReportEntry(.recordUnreadable, "shelf snapshot \(stored.id) could not be decoded (\(error.localizedDescription)); it was kept and an older snapshot was tried"))
                    return true
                }
            }
            // A connection that only reads never attempts the mark (it would be refused, and
            // a `try?` would hide that); the next launch that can write marks them.
            for entry in unreadable where !store.isReadOnly {
                try? store.markShelfSnapshotUnreadable(id: entry.id, error: entry.error)
            }
            if let (snapshot, provenance, recovered) = restored {
                report += entries(for: provenance, currentVersion: ShelfSnapshotCodec.currentVersion)
                return reconciled(snapshot, recoveredDrafts: recovered, account: account, shelf: shelf, report: report)
            }
            report.append(RestoreReportEntry(.noRecord, "shelf \(StoreNames.quoted(shelf)) has no readable snapshot; it starts empty"))
        } catch {
            report.append(RestoreReportEntry(.databaseUnavailable, "the shelf snapshots could not be read: \(error.localizedDescription)"))
        }
        return ShelfRestoration(account: account, shelf: shelf, snapshot: nil, conflictingDrafts: [], report: report)
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
            if recoveredDrafts.contains(draft.bookID) {
                conflicts.append(draft)
                report.append(
                    RestoreReportEntry(
                        .draftConflict,
                        "the draft renaming book \(draft.bookID) to \"\(draft.proposedTitle)\" was typed before a launch that could not read the shelf and saved it; it was kept and flagged as a conflict so it is not hidden"
                    ))
            } else if draft.baseRevision < revision {
                conflicts.append(draft)
                report.append(
                    RestoreReportEntry(
                        .draftConflict,
                        "the draft renaming book \(draft.bookID) was made against revision \(draft.baseRevision), but the shelf has revision \(revision); it was kept and flagged as a conflict"))
            }
        }
        let restored = ShelfSnapshot(books: snapshot.books, fetchedAt: snapshot.fetchedAt, drafts: kept, query: snapshot.query)
        return ShelfRestoration(account: account, shelf: shelf, snapshot: restored, conflictingDrafts: conflicts, report: report)
    }
}

extension Store {
    /// Stores a shelf snapshot in the current format, keeping the last
    /// `StateRestorer.shelfSnapshotsKept` this build can read. The tool's way: no restore came
    /// before it, so the write gate sets no fence; an app saves through
    /// ``StateRestore/StateRestorer/saveShelf(_:shelf:account:)``.
    public func saveShelfSnapshot(_ snapshot: ShelfSnapshot, shelf: String, account: String) throws {
        let rules = WriteGate.snapshotRules(after: nil, readableUpTo: ShelfSnapshotCodec.currentVersion)
        try saveShelfSnapshot(snapshot, shelf: shelf, account: account, recoveredDrafts: [], rules: rules)
    }

    /// ``saveShelfSnapshot(_:shelf:account:)`` with the drafts of `recoveredDrafts`' books
    /// marked as kept from a snapshot the saving launch could not read, under the write gate's
    /// `rules`.
    package func saveShelfSnapshot(_ snapshot: ShelfSnapshot, shelf: String, account: String, recoveredDrafts: Set<Int>, rules: WriteRules) throws {
        let payload = try ShelfSnapshotCodec.encodedBytes(snapshot, recoveredDrafts: recoveredDrafts)
        try payload.withUnsafeBufferPointer { bytes in
            _ = try write(
                .shelfSnapshot(
                    account: account, shelf: shelf, version: ShelfSnapshotCodec.currentVersion, minReaderVersion: nil, payload: bytes,
                    rowCount: snapshot.books.count, fetchedAt: snapshot.fetchedAt.timeIntervalSince1970, keeping: StateRestorer.shelfSnapshotsKept),
                rules: rules)
        }
    }

    /// Stores a snapshot that passed `ShelfSnapshotCodec.validateForSave(_:)` as given (a newer
    /// format's too), keeping the last `StateRestorer.shelfSnapshotsKept` this build can read.
    public func saveShelfSnapshot(_ snapshot: ValidatedShelfSnapshot, shelf: String, account: String) throws {
        var payload = snapshot.payload
        try payload.withUTF8 { bytes in
            _ = try write(
                .shelfSnapshot(
                    account: account, shelf: shelf, version: snapshot.version, minReaderVersion: snapshot.minReaderVersion, payload: bytes,
                    rowCount: snapshot.rowCount, fetchedAt: snapshot.fetchedAt ?? currentTime(), keeping: StateRestorer.shelfSnapshotsKept),
                rules: WriteGate.snapshotRules(after: nil, readableUpTo: ShelfSnapshotCodec.currentVersion))
        }
    }
}
