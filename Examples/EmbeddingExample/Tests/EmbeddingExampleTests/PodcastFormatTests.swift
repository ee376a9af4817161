import StateRestoreTesting
import Testing

// The podcast kind's format history: Formats/podcast holds its shape lock (which also lets
// `restorectl save` and `export --redact --formats` read the kind) and a sample.

@Test func podcastFormatsStillRestore() throws {
    let sample = PodcastState(episodeID: "ep-2", position: 61.5, queue: ["ep-3"], lastPositions: ["ep-3": 12])
    try FormatHistory(PodcastState.self, sample: sample).verify()
}
