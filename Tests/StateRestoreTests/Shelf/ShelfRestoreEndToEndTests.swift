import Foundation
import ScreenKinds
import ScreenModels
import StateStore
import TestSupport
import Testing

@testable import StateRestore

/// A loader that answers every query at once from a fixed shelf, filtering by title.
@MainActor
private final class InstantShelf: ShelfLoading {
    var books: [ShelfBook]

    init(_ books: [ShelfBook]) { self.books = books }

    func load(query: String, completion: @escaping @MainActor (Result<[ShelfBook], ShelfFailure>) -> Void) -> ShelfLoadCancellation {
        completion(.success(query.isEmpty ? books : books.filter { $0.title.localizedCaseInsensitiveContains(query) }))
        return ShelfLoadCancellation()
    }
}

/// A live shelf view model's snapshot saved and restored into a new model: the query, every
/// draft (hidden ones too) and the conflicts reach the person.
@Suite @MainActor struct ShelfRestoreEndToEndTests {
    let file: StateFile
    let shelf = [
        ShelfBook(id: 1, title: "Dune", revision: 1),
        ShelfBook(id: 2, title: "Emma", revision: 4),
        ShelfBook(id: 3, title: "Dracula", revision: 1),
    ]

    init() throws { file = try StateFile() }

    @Test func aLiveSnapshotRestoresWithItsQueryHiddenDraftsAndConflicts() throws {
        let loader = InstantShelf(shelf)
        let model = ShelfViewModel(loader: loader)
        model.reload()
        model.edit(bookID: 2, title: "Emma (annotated)")
        model.search("d")
        #expect(model.state.rows.map(\.id) == [1, 3])
        let snapshot = try #require(model.snapshot)
        #expect(snapshot.query == "d" && snapshot.drafts.map(\.bookID) == [2])

        let launch1 = StateRestorer(path: file.path)
        try launch1.saveShelf(snapshot, shelf: "home")
        try launch1.close()

        let restored = StateRestorer(path: file.path).restoreShelf("home")
        #expect(restored.snapshot?.query == "d")
        #expect(restored.snapshot?.drafts == [ShelfDraft(bookID: 2, baseRevision: 4, proposedTitle: "Emma (annotated)")])
        #expect(!restored.report.contains { $0.code == .draftDropped })
        let again = restored.makeViewModel(loader: InstantShelf(shelf))
        #expect(again.state.isStale)
        #expect(again.state.rows.map(\.id) == [1, 3])
        again.search("")
        #expect(again.state.rows.first { $0.id == 2 }?.title == "Emma (annotated)")
    }

    @Test func aDraftOnAnOlderRevisionReachesTheViewModelAsAConflict() throws {
        let snapshot = ShelfSnapshot(
            books: shelf, fetchedAt: Date(timeIntervalSince1970: 1_700_000_000),
            drafts: [ShelfDraft(bookID: 2, baseRevision: 3, proposedTitle: "Emma, again"), ShelfDraft(bookID: 9, baseRevision: 1, proposedTitle: "Gone")]
        )
        let saving = StateRestorer(path: file.path)
        try saving.saveShelf(snapshot, shelf: "home")
        try saving.close()

        let restored = StateRestorer(path: file.path).restoreShelf("home")
        #expect(restored.report.map(\.code) == [.draftConflict, .draftDropped])
        let model = restored.makeViewModel(loader: InstantShelf(shelf))
        #expect(model.state.conflicts.map(\.draft.bookID) == [2])
        #expect(model.state.conflicts.first?.current == shelf[1])
    }

    /// A launch that could not read the shelf (another process held the lock past the launch
    /// budget) starts empty; the person types a new draft and the snapshot is saved once the
    /// file is free. The stored snapshot's drafts it lacks are kept, flagged, and the next
    /// launch shows them as conflicts beside the new one.
    @Test(.enabled(if: TestHost.hasSQLiteShell, "another process holds the lock: needs the sqlite3 shell (.ci/run installs it)"))
    func aSnapshotSavedAfterAnUnreadableLaunchKeepsTheStoredDraftsAsConflicts() throws {
        let stored = ShelfSnapshot(
            books: shelf, fetchedAt: Date(timeIntervalSince1970: 1_700_000_000),
            drafts: [ShelfDraft(bookID: 1, baseRevision: 1, proposedTitle: "Dune (typed last week)"), ShelfDraft(bookID: 2, baseRevision: 4, proposedTitle: "Emma, old")]
        )
        let seed = StateRestorer(path: file.path)
        try seed.saveShelf(stored, shelf: "home")
        try seed.close()
        let holder = try ExclusiveLockHolder(path: file.path)
        let launch = StateRestorer(path: file.path)
        defer { try? launch.close() }
        let unreadable = launch.restoreShelf("home")
        #expect(unreadable.snapshot == nil && unreadable.report.contains { $0.code == .databaseBusy }, "\(unreadable.report)")
        holder.release()
        // Discarding a scene of the shelf's name forgets that scene, not what the shelf's restore saw.
        #expect(try launch.discard([SceneKey(scene: "home")]) == 0)

        // Typed in this launch: a draft of book 2 (it supersedes the stored one) and of book 3.
        let typed = ShelfSnapshot(
            books: shelf, fetchedAt: Date(timeIntervalSince1970: 1_700_000_100),
            drafts: [ShelfDraft(bookID: 2, baseRevision: 4, proposedTitle: "Emma, new"), ShelfDraft(bookID: 3, baseRevision: 1, proposedTitle: "Dracula (typed now)")]
        )
        try launch.saveShelf(typed, shelf: "home")

        let next = StateRestorer(path: file.path)
        defer { try? next.close() }
        let restored = next.restoreShelf("home")
        #expect(restored.snapshot?.drafts.map(\.proposedTitle) == ["Emma, new", "Dracula (typed now)", "Dune (typed last week)"])
        #expect(restored.conflictingDrafts.map(\.bookID) == [1], "the kept draft is flagged")
        #expect(restored.report.filter { $0.code == .draftConflict }.count == 1, "\(restored.report)")
        #expect(restored.makeViewModel(loader: InstantShelf(shelf)).state.conflicts.map(\.draft.bookID) == [1])

        // Once a restore of the shelf read the file, a save is taken as it is.
        _ = launch.restoreShelf("home")
        try launch.saveShelf(typed, shelf: "home")
        #expect(StateRestorer(path: file.path).restoreShelf("home").snapshot?.drafts.map(\.bookID) == [2, 3])
    }

    @Test func aClosedOrSuspendedRestorersShelfRestoreSaysWhyItReadNothing() throws {
        let snapshot = ShelfSnapshot(books: [ShelfBook(id: 1, title: "Algorithms")], fetchedAt: Date(timeIntervalSince1970: 1_800_000_000), query: "alg")
        let writer = StateRestorer(path: file.path)
        try writer.saveShelf(snapshot, shelf: "main")
        try writer.close()

        let suspended = StateRestorer(path: file.path)
        try suspended.suspend()
        let whileSuspended = suspended.restoreShelf("main")
        #expect(whileSuspended.snapshot == nil)
        #expect(whileSuspended.report.map(\.code) == [.restorerSuspended])
        try suspended.close()
        let afterClose = suspended.restoreShelf("main")
        #expect(afterClose.snapshot == nil)
        #expect(afterClose.report.map(\.code) == [.databaseUnavailable])
    }

    @Test func retentionKeepsThreeReadableSnapshotsAndNeverPrunesNewerOrUnreadableOnes() throws {
        let store = try Store(path: file.path, migrator: StateMigrations.makeMigrator())
        try saveSnapshot(#"{"version":9,"books":"a future shape"}"#, version: 9, in: store, fetchedAt: 1)
        try saveSnapshot(#"{"version":2,"books":7}"#, version: 2, in: store, fetchedAt: 2)
        store.close()

        // Restoring marks the undecodable one, so it is kept however many saves follow.
        let restorer = StateRestorer(path: file.path)
        let restored = restorer.restoreShelf("home")
        #expect(restored.report.map(\.code) == [.recordUnreadable, .unsupportedVersion, .noRecord])
        for second in 0..<5 {
            try restorer.saveShelf(ShelfSnapshot(books: shelf, fetchedAt: Date(timeIntervalSince1970: Double(100 + second))), shelf: "home")
        }
        let kept = try #require(try restorer.withStore { store, _ in try store?.snapshots() })
        try restorer.close()
        #expect(kept.map(\.version) == [2, 2, 2, 2, 9])
        #expect(kept.filter { $0.unreadableError == nil && $0.version == 2 }.map(\.fetchedAt) == [104, 103, 102])
        #expect(kept.contains { $0.unreadableError != nil })
    }

    /// A newer release's snapshot that says this build may read it, but whose content this
    /// build cannot decode, is that release's: reported `record-newer-unreadable` and kept as
    /// it is, never marked unreadable (it was reported `record-unreadable` and marked, by a
    /// reader that had not looked at its version).
    @Test func aNewerReleasesSnapshotThisBuildCannotDecodeIsKeptUnmarked() throws {
        let store = try Store(path: file.path, migrator: StateMigrations.makeMigrator())
        _ = try store.saveSnapshot(
            #"{"version":3,"minReaderVersion":2,"query":5,"books":[],"fetchedAt":1,"drafts":[]}"#, version: 3, minReaderVersion: 2, account: "default",
            collection: "home", rowCount: 0, fetchedAt: 1)
        store.close()
        let restorer = StateRestorer(path: file.path)
        let restored = restorer.restoreShelf("home")
        #expect(restored.report.map(\.code) == [.recordNewerUnreadable, .noRecord], "\(restored.report)")
        let kept = try #require(try restorer.withStore { store, _ in try store?.snapshots() })
        try restorer.close()
        #expect(kept.map(\.version) == [3])
        #expect(kept.allSatisfy { $0.unreadableError == nil }, "a newer release's snapshot was marked")
    }

    /// Saves a snapshot's payload as given, counting toward the snapshots kept as this build
    /// (format 2) does.
    private func saveSnapshot(_ payload: String, version: Int, in store: Store, fetchedAt: Double) throws {
        var payload = payload
        try payload.withUTF8 { bytes in
            try StateRestorer.writeSnapshot(
                bytes, version: version, minReaderVersion: nil, rowCount: 0, fetchedAt: fetchedAt, as: ShelfSnapshotCodec.self, named: "home",
                account: "default", after: nil, in: store)
        }
    }
}
