/// What a zone list shows besides its rows.
public enum ZoneListStatus: Equatable, Sendable {
    /// The rows are current.
    case ready
    /// A load is in flight; any rows shown are the previous ones.
    case loading
    /// The last load failed with this message; any rows shown are the previous ones.
    case failed(String)
}
