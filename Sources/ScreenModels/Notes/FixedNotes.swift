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
