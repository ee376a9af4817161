import StateRestore

// BugReportToRegressionTest.md: the data a scene of the broken release's report is
// reconciled against.

extension PodcastLibrary {
    /// The library a scene of the broken release's report is reconciled against: every episode
    /// its record names, but the one it plays at a negative position (release 3.2 wrote `-1`
    /// when the publisher removed the episode playing). The report's ids are placeholders, so
    /// the library is told by what the record names, not by the person's ids.
    init(afterTheReportOf recorded: PodcastState) {
        var episodes = Set(recorded.queue).union(recorded.lastPositions.keys)
        if let playing = recorded.episodeID {
            if recorded.position < 0 { episodes.remove(playing) } else { episodes.insert(playing) }
        }
        self.init(episodes: episodes)
    }
}

extension PodcastState {
    /// The same record as the release before the fix reads it.
    init(_ before: PodcastStateBeforeTheFix) {
        self.init(episodeID: before.episodeID, position: before.position, queue: before.queue, lastPositions: before.lastPositions)
    }
}
