/// One rendered zone row.
public struct ZoneRow: Equatable, Sendable {
    /// The zone's identity.
    public let id: String
    /// The text to show.
    public let text: String
    /// Whether the row is the selection.
    public let selected: Bool

    /// Creates a row.
    public init(id: String, text: String, selected: Bool) {
        self.id = id
        self.text = text
        self.selected = selected
    }
}
