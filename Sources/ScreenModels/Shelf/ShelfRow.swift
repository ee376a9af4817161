/// One rendered shelf row: identity and presentation text, projected from the authoritative
/// book and any local draft.
public struct ShelfRow: Equatable, Sendable {
    /// The book's identity.
    public let id: Int
    /// The title to show: the draft's proposed title when there is one.
    public let title: String
    /// Whether `title` comes from an unconfirmed local draft.
    public let isEdited: Bool

    /// Creates a row; `isEdited` defaults to `false` for plain authoritative rows.
    public init(id: Int, title: String, isEdited: Bool = false) {
        self.id = id
        self.title = title
        self.isEdited = isEdited
    }
}
