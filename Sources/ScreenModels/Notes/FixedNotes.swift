/// A loader that always returns the same notes, for previews and deterministic examples.
public struct FixedNotes: NotesLoading {
    /// The notes every load returns.
    public let notes: [Note]

    /// Creates a loader returning `notes`.
    public init(notes: [Note]) {
        self.notes = notes
    }

    /// Returns ``notes``.
    public func load() async throws -> [Note] {
        notes
    }
}

extension FixedNotes {
    /// A few notes for previews: distinct IDs, titles that show filtering.
    public static let preview = FixedNotes(notes: [
        Note(id: 1, title: "Swift values"),
        Note(id: 2, title: "Navigation"),
        Note(id: 3, title: "Swift concurrency"),
    ])
}
