import Foundation

/// The shelf screen's view model: owns the state contract, refresh semantics and rename drafts.
///
/// - Refresh keeps the old rows while loading; a failure keeps them and sets a warning; a
///   response with duplicate book IDs is rejected with a warning and the old rows stay.
/// - Each refresh has a request identity and cancels the previous request, so a delayed
///   result of an obsolete request is never published.
/// - ``stop()`` is terminal: it cancels the in-flight load and ignores every later result.
/// - Rows project the authoritative books through the local drafts (see `+Editing`).
/// - A search response is a filtered subset, not a deletion: drafts of books it does not list
///   survive. A draft is dropped only when its book is known to be gone (a response to the
///   empty query no longer lists it, or a save is answered ``ShelfSaveOutcome/notFound``), and
///   the drop is shown in ``ShelfState/discardedDrafts`` and `errorMessage`, never silent.
///
/// The model is main-actor isolated: loaders and savers deliver on the main actor.
/// Restoring is construction: `ShelfViewModel(loader: loader, restoring: snapshot)` shows the
/// snapshot's rows under its query, marked stale until the first successful refresh, with the
/// restored drafts that are based on an older revision shown as conflicts.
@MainActor
public final class ShelfViewModel {
    let loader: any ShelfLoading
    let saver: (any ShelfSaving)?
    let now: @MainActor () -> Date
    var generation = 0
    var isActive = true
    var inFlightLoad: ShelfLoadCancellation?
    var render: (@MainActor (ShelfState) -> Void)?
    var fetchedAt: Date?
    var draftsByID: [Int: ShelfDraft] = [:]
    /// The save operation that sent the current draft of each book, if the draft is unchanged since.
    var draftOwners: [Int: ShelfOperationID] = [:]
    var nextOperation = 0
    /// The query `books` answer.
    var listedQuery = ""

    /// Everything the view renders.
    public internal(set) var state = ShelfState()
    /// The query the next ``reload()`` sends; change it with ``search(_:)``.
    public internal(set) var query = ""
    /// The authoritative books in display order, each with its latest known revision.
    public internal(set) var books: [ShelfBook] = []
    /// The save operations still waiting for an outcome, with the draft each one sent.
    public internal(set) var pendingSaves: [ShelfOperationID: ShelfDraft] = [:]

    /// Creates a view model, optionally seeded from a restored snapshot.
    ///
    /// Restored content is shown with `state.isStale == true` until a refresh succeeds, under
    /// the snapshot's query, which the next ``reload()`` sends again.
    /// The snapshot may come from disk, so it is sanitized instead of trusted: a repeated book
    /// ID keeps its first occurrence, a repeated draft keeps its first, and under the empty
    /// query a draft for an unlisted book is dropped (under a search it belongs to a hidden book
    /// and is kept).
    ///
    /// `conflicts` are the restored drafts to show as ``ShelfState/conflicts`` (the ones
    /// restoration flagged); `nil` flags every kept draft whose base revision is older than its
    /// listed book's. Each conflict pairs the kept draft with its book's snapshot record, so
    /// editing rebases onto that record as after a live conflict.
    /// Initialization has no effects; call ``reload()`` to load.
    public init(
        loader: any ShelfLoading,
        saver: (any ShelfSaving)? = nil,
        restoring snapshot: ShelfSnapshot? = nil,
        conflicts: [ShelfDraft]? = nil,
        now: @escaping @MainActor () -> Date = { Date() }
    ) {
        self.loader = loader
        self.saver = saver
        self.now = now
        guard let snapshot else { return }
        var seen = Set<Int>()
        books = snapshot.books.filter { seen.insert($0.id).inserted }
        for draft in snapshot.drafts
        where draftsByID[draft.bookID] == nil
            && (seen.contains(draft.bookID) || !snapshot.query.isEmpty)
        {
            draftsByID[draft.bookID] = draft
        }
        query = snapshot.query
        listedQuery = snapshot.query
        fetchedAt = snapshot.fetchedAt
        state.isStale = true
        state.conflicts = restoredConflicts(flagged: conflicts.map { Set($0.map(\.bookID)) })
        rebuildRows()
    }

    /// The content to save for restoration, or `nil` before any content was loaded or restored.
    ///
    /// Its query is the one the listed books answer (a search still in flight is not saved),
    /// and it holds every draft, including those of books the query hides.
    public var snapshot: ShelfSnapshot? {
        fetchedAt.map { ShelfSnapshot(books: books, fetchedAt: $0, drafts: drafts, query: listedQuery) }
    }

    /// Installs the single render callback and replays the current state to it immediately.
    ///
    /// Only the last bound callback receives states. Capture the owning view weakly.
    public func bind(_ render: @escaping @MainActor (ShelfState) -> Void) {
        guard isActive else { return }
        self.render = render
        render(state)
    }

    /// Sets the query and starts a refresh for it.
    public func search(_ query: String) {
        guard isActive else { return }
        self.query = query
        reload()
    }

    /// Starts a refresh for the current query, cancelling any refresh still in flight.
    public func reload() {
        guard isActive else { return }
        generation += 1
        let ticket = generation
        let query = query
        inFlightLoad?.cancel()
        inFlightLoad = nil
        state.isRefreshing = true
        state.errorMessage = nil
        state.discardedDrafts = []
        render?(state)
        // The render callback may have stopped the model or started a newer refresh.
        guard isActive, generation == ticket else { return }
        let cancellation = loader.load(query: query) { [weak self] result in
            self?.finishLoad(result, query: query, ticket: ticket)
        }
        if isActive, generation == ticket, state.isRefreshing {
            inFlightLoad = cancellation
        }
    }

    /// Ends this instance: cancels the in-flight load and ignores all later calls and results.
    public func stop() {
        isActive = false
        render = nil
        inFlightLoad?.cancel()
        inFlightLoad = nil
    }

    private func finishLoad(_ result: Result<[ShelfBook], ShelfFailure>, query: String, ticket: Int) {
        guard isActive, generation == ticket, state.isRefreshing else { return }
        inFlightLoad = nil
        state.isRefreshing = false
        switch result {
        case .success(let loaded):
            var seen = Set<Int>()
            if let duplicate = loaded.first(where: { !seen.insert($0.id).inserted }) {
                state.errorMessage = "The shelf response listed book \(duplicate.id) more than once; showing the previous shelf."
            } else {
                accept(loaded, answering: query)
                fetchedAt = now()
                state.isStale = false
            }
        case .failure:
            state.errorMessage = "Could not refresh the shelf."
        }
        rebuildRows()
        render?(state)
    }

    /// Replaces the authoritative books, never regressing a revision a save already reported.
    ///
    /// A response to a search is a filtered subset, not a deletion: editing state of books it
    /// does not list is kept. Only a response to the empty query shows that an unlisted book
    /// is gone; its draft is then dropped with a warning.
    private func accept(_ loaded: [ShelfBook], answering query: String) {
        let known = Dictionary(books.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        books = loaded.map { incoming in
            if let mine = known[incoming.id], mine.revision > incoming.revision { mine } else { incoming }
        }
        listedQuery = query
        guard query.isEmpty else { return }
        let listed = Set(books.map(\.id))
        for bookID in draftsByID.keys.sorted() where !listed.contains(bookID) {
            dropEditingState(ofGoneBook: bookID)
        }
        draftOwners = draftOwners.filter { listed.contains($0.key) }
        state.conflicts.removeAll { !listed.contains($0.draft.bookID) }
    }

    /// Forgets a book known to be gone with its draft, owner and conflict, and says so in the state.
    func dropEditingState(ofGoneBook bookID: Int) {
        books.removeAll { $0.id == bookID }
        draftOwners[bookID] = nil
        state.conflicts.removeAll { $0.draft.bookID == bookID }
        guard let draft = draftsByID.removeValue(forKey: bookID) else { return }
        state.discardedDrafts.append(draft)
        let warning = "Book \(bookID) is no longer on the shelf; its unsaved title “\(draft.proposedTitle)” was discarded."
        state.errorMessage = state.errorMessage.map { "\($0) \(warning)" } ?? warning
    }

    /// Conflicts for restored drafts: those in `flagged`, or when `nil`, those based on an
    /// older revision than their listed book's.
    private func restoredConflicts(flagged: Set<Int>?) -> [ShelfConflict] {
        books.compactMap { book in
            guard let draft = draftsByID[book.id] else { return nil }
            let isConflict = flagged.map { $0.contains(book.id) } ?? (draft.baseRevision < book.revision)
            return isConflict ? ShelfConflict(draft: draft, current: book) : nil
        }
    }

    func rebuildRows() {
        state.rows = books.map { book in
            if let draft = draftsByID[book.id] {
                ShelfRow(id: book.id, title: draft.proposedTitle, isEdited: true)
            } else {
                ShelfRow(id: book.id, title: book.title)
            }
        }
    }
}
