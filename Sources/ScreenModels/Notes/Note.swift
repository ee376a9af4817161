/// One note as the notes service returns it.
public struct Note: Sendable, Equatable, Identifiable {
    /// The note's stable identity; unique within one response.
    public let id: Int
    /// The title shown and matched by the filter.
    public let title: String

    /// Creates a note.
    public init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}
