extension ShelfViewModel {
    /// Every unsaved draft: those of listed books in display order, then those of books the
    /// current query hides, by book ID.
    public var drafts: [ShelfDraft] {
        let listed = books.compactMap { draftsByID[$0.id] }
        let listedIDs = Set(books.map(\.id))
        let hidden = draftsByID.values.filter { !listedIDs.contains($0.bookID) }.sorted { $0.bookID < $1.bookID }
        return listed + hidden
    }

    /// The unsaved draft for a book, if any.
    public func draft(for bookID: Int) -> ShelfDraft? {
        draftsByID[bookID]
    }

    /// The authoritative record of a book, if it is listed.
    public func book(withID id: Int) -> ShelfBook? {
        books.first { $0.id == id }
    }

    /// Records a local rename; the row shows `title` immediately.
    ///
    /// A new draft is based on the book's authoritative revision. Editing an existing draft
    /// keeps its base revision, except after a conflict, where the person has seen the current
    /// record and the draft is rebased onto it. Editing releases the draft from any save in
    /// flight, so that save can no longer roll it back.
    public func edit(bookID: Int, title: String) {
        guard isActive, let book = book(withID: bookID) else { return }
        let conflict = state.conflicts.first { $0.draft.bookID == bookID }
        let base = conflict?.current.revision ?? draftsByID[bookID]?.baseRevision ?? book.revision
        draftsByID[bookID] = ShelfDraft(bookID: bookID, baseRevision: base, proposedTitle: title)
        draftOwners[bookID] = nil
        state.conflicts.removeAll { $0.draft.bookID == bookID }
        rebuildRows()
        render?(state)
    }

    /// Drops the local draft of a book; the row shows the authoritative title again.
    public func discardDraft(bookID: Int) {
        guard isActive, draftsByID.removeValue(forKey: bookID) != nil else { return }
        draftOwners[bookID] = nil
        state.conflicts.removeAll { $0.draft.bookID == bookID }
        rebuildRows()
        render?(state)
    }

    /// Sends the book's draft as a conditional save and returns the operation's identity,
    /// or `nil` when there is no draft, no saver, or the model is stopped.
    ///
    /// Outcomes are applied by operation identity:
    /// - saved: the authoritative record advances (never backwards); the draft is removed if
    ///   this operation still owns it, otherwise a newer edit on the same base is rebased.
    /// - conflict: the record advances; an owned draft stays and a ``ShelfConflict`` is shown.
    /// - failed: an owned draft is rolled back with a warning; an unowned one is left alone.
    /// - not found: the book is gone, so its draft is dropped (owned or not) with a warning.
    @discardableResult
    public func save(bookID: Int) -> ShelfOperationID? {
        guard isActive, let saver, let draft = draftsByID[bookID] else { return nil }
        nextOperation += 1
        let operation = ShelfOperationID(rawValue: nextOperation)
        draftOwners[bookID] = operation
        pendingSaves[operation] = draft
        state.conflicts.removeAll { $0.draft.bookID == bookID }
        render?(state)
        saver.save(draft) { [weak self] outcome in
            self?.finishSave(operation, outcome: outcome)
        }
        return operation
    }

    private func finishSave(_ operation: ShelfOperationID, outcome: ShelfSaveOutcome) {
        guard isActive, let sent = pendingSaves.removeValue(forKey: operation) else { return }
        let bookID = sent.bookID
        let owns = draftOwners[bookID] == operation
        if owns { draftOwners[bookID] = nil }
        switch outcome {
        case .saved(let book):
            advance(to: book)
            if owns {
                draftsByID[bookID] = nil
            } else if var newer = draftsByID[bookID], newer.baseRevision == sent.baseRevision {
                newer.baseRevision = max(newer.baseRevision, book.revision)
                draftsByID[bookID] = newer
            }
        case .conflict(let current):
            advance(to: current)
            if owns {
                state.conflicts.append(ShelfConflict(draft: sent, current: current))
            }
        case .notFound:
            dropEditingState(ofGoneBook: bookID)
        case .failed:
            if owns {
                draftsByID[bookID] = nil
                state.errorMessage = "Could not save the new title “\(sent.proposedTitle)”."
            }
        }
        rebuildRows()
        render?(state)
    }

    /// Replaces a listed book's record if `book` is newer than the one known.
    private func advance(to book: ShelfBook) {
        guard let index = books.firstIndex(where: { $0.id == book.id }),
            books[index].revision < book.revision
        else { return }
        books[index] = book
    }
}
