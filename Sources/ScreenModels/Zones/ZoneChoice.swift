/// A zone the person can select.
public struct ZoneChoice: Equatable, Hashable, Sendable {
    /// The stable identity of the zone.
    public let id: String
    /// The name shown in the list.
    public let title: String

    /// Creates a choice.
    public init(id: String, title: String) {
        self.id = id
        self.title = title
    }
}
