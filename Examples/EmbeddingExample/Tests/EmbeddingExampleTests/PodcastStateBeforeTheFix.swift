import StateRestore

/// The podcast player as the release before the fix reconciled it, for the test that reverts
/// the fix: the same kind and format as ``PodcastState``, but an episode that is gone stops
/// the player (`episode-cleared`) instead of playing the next one.
struct PodcastStateBeforeTheFix: RestorableState, Reconcilable {
    static let kind = PodcastState.kind
    static let currentVersion = PodcastState.currentVersion
    static let defaultValue = PodcastStateBeforeTheFix(episodeID: nil, position: 0, queue: [], lastPositions: [:])

    var episodeID: String?
    var position: Double
    var queue: [String]
    var lastPositions: [String: Double]

    func reconciled(against library: PodcastLibrary) -> Reconciled<PodcastStateBeforeTheFix> {
        guard let episode = episodeID, !library.episodes.contains(episode) else { return Reconciled(self) }
        var state = self
        state.episodeID = nil
        state.position = 0
        return Reconciled(state, adjustments: [RestoreReportEntry(RestoreCode("episode-cleared"), "episode \(episode) is gone; stopped")])
    }
}
