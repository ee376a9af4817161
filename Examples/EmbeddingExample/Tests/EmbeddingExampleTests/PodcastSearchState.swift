import StateRestore

/// The podcast app's search screen: a query means something for an hour, then the screen
/// starts empty (the kind the report replay restores at the report's date).
struct PodcastSearchState: RestorableState {
    static let kind = "podcast-search"
    static let currentVersion = 1
    static let defaultValue = PodcastSearchState(query: "")
    static let expiresAfter: Duration? = .seconds(3600)

    var query: String
}
