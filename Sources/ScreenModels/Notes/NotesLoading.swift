/// Loads the current account's notes. Implementations need not honour cancellation;
/// ``NotesViewModel`` checks it before publishing.
public protocol NotesLoading: Sendable {
    /// Returns the notes, or throws when they cannot be loaded.
    func load() async throws -> [Note]
}
