import StateRestore

/// A podcast app's player screen: the episode playing, how far into it, the queue after it, and
/// where each episode was left. Release 3.2 wrote `position: -1` when the publisher removed
/// the episode playing, and kept the removed episode's id (the broken release that
/// `Reports/broken-release.sqlite`, a person's redacted export, comes from).
struct PodcastState: RestorableState {
    static let kind = "podcast"
    static let currentVersion = 1
    static let defaultValue = PodcastState(episodeID: nil, position: 0, queue: [], lastPositions: [:])

    var episodeID: String?
    var position: Double  // seconds into the episode
    var queue: [String]  // episode ids, next first
    var lastPositions: [String: Double]  // episode id → seconds, where each was left
}

/// The episodes on the device now, by id: what a player state is reconciled against.
struct PodcastLibrary: Sendable {
    var episodes: Set<String>
}

/// The fixed release's rules: a negative position starts the episode over; an episode that is
/// gone gives way to the first queued one that is not, where it was left; queued episodes that
/// are gone leave the queue.
extension PodcastState: Reconcilable {
    func reconciled(against library: PodcastLibrary) -> Reconciled<PodcastState> {
        var state = self
        var adjustments: [RestoreReportEntry] = []
        if state.position < 0 {
            adjustments.append(RestoreReportEntry(RestoreCode("position-reset"), "position \(state.position) is before the start; playing from 0"))
            state.position = 0
        }
        let queued = state.queue.filter { library.episodes.contains($0) }
        if queued.count != state.queue.count {
            adjustments.append(RestoreReportEntry(RestoreCode("queue-pruned"), "\(state.queue.count - queued.count) queued episode(s) are gone"))
            state.queue = queued
        }
        if let episode = state.episodeID, !library.episodes.contains(episode) {
            let next = state.queue.first
            adjustments.append(RestoreReportEntry(RestoreCode("episode-missing"), "episode \(episode) is gone; playing \(next ?? "nothing")"))
            state.episodeID = next
            state.position = next.flatMap { state.lastPositions[$0] } ?? 0
            if next != nil { state.queue.removeFirst() }
        }
        return Reconciled(state, adjustments: adjustments)
    }
}
