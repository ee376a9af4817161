import Foundation
import StateRestore
import StateRestoreTesting
import Testing

/// `ReportReplay`: a file's records restored read-only through the app's kinds and compared
/// with the expectations beside it, with `FormatHistory`'s recording switch.
@Suite struct ReportReplayTests {
    let phone = try! SceneKey(scene: "phone", account: "sam")
    let playing = PodcastState(episodeID: "ep-2", position: -1, queue: ["ep-3"], lastPositions: [:])

    /// A file holding `playing` for `phone`, and what else `seed` stores.
    func makeFile(_ seed: (TemporaryRestorer) throws -> Void = { _ in }) throws -> TemporaryRestorer {
        let file = try TemporaryRestorer()
        try file.seed(playing, for: phone)
        try seed(file)
        try file.restorer.flush()
        return file
    }

    func replay(_ file: TemporaryRestorer, library: Set<String> = ["ep-2", "ep-3"]) -> ReportReplay {
        ReportReplay(database: URL(fileURLWithPath: file.path)).restoring(PodcastState.self) { _ in PodcastLibrary(episodes: library) }
    }

    @Test func aMissingExpectationFailsUnlessRecordingWhichWritesOneThatHolds() throws {
        let file = try makeFile()
        defer { try? file.close() }
        let replay = replay(file)
        #expect(replay.expectations.lastPathComponent == "state.expected.json")
        let missing = replay.report(recording: false)
        #expect(!missing.isPassing && missing.differences.isEmpty)
        #expect(missing.failures == ["no state.expected.json beside state.sqlite: run the tests once with RESTORE_RECORD_FORMATS=1 to record each scene's outcome, check it, and commit it"])
        #expect(!FileManager.default.fileExists(atPath: replay.expectations.path))
        let recorded = try replay.verify(recording: true)
        #expect(recorded.recorded == ["state.expected.json"] && recorded.scenesReplayed == 1)
        let text = try String(contentsOf: replay.expectations, encoding: .utf8)
        #expect(text.contains("\"position-reset\"") && text.contains("\"scene\": \"phone\"") && text.contains("\"account\": \"sam\""))
        let again = try replay.verify(recording: false)
        #expect(again.recorded.isEmpty && again.notes.isEmpty)
    }

    @Test func aDifferentOutcomeFailsNamingTheSceneUnlessRecordingRewritesIt() throws {
        let file = try makeFile()
        defer { try? file.close() }
        try replay(file).verify(recording: true)
        let gone = replay(file, library: ["ep-3"])
        let report = gone.report(recording: false)
        #expect(report.differences.count == 1 && report.failures.isEmpty)
        let difference = try #require(report.differences.first)
        #expect(difference.account == "sam" && difference.scene == "phone" && difference.kind == "podcast")
        #expect(difference.lines.first == "codes: expected [position-reset], got [position-reset, episode-missing]")
        #expect(difference.description.hasPrefix("scene \"phone\" of account \"sam\" (podcast):\n    codes: "))
        let rewritten = try gone.verify(recording: true)
        #expect(rewritten.recorded == ["state.expected.json"])
        #expect(rewritten.notes.first?.hasPrefix("state.expected.json changes for scene \"phone\" of account \"sam\" (podcast): codes: expected") == true)
        try gone.verify(recording: false)
    }

    @Test func aKindTheTestDidNotNameIsReported() throws {
        let file = try makeFile { try $0.seed(ReaderState(bookID: 7, page: 3, fontSize: 1), for: try SceneKey(scene: "reader")) }
        defer { try? file.close() }
        for recording in [false, true] {
            let report = replay(file).report(recording: recording)
            #expect(!report.isPassing && report.unnamedKinds == ["reader"] && report.scenesReplayed == 1)
            #expect(report.failures.first?.hasPrefix("the file holds 1 record(s) of kind \"reader\", which this replay does not name") == true)
        }
        // Named, its scene is new to the expectations: recorded, then it holds.
        let named = replay(file).restoring(ReaderState.self)
        #expect(named.report(recording: false).differences.map(\.lines) == [["not in the expectations (record it, or add it)"]])
        try named.verify(recording: true)
        try named.verify(recording: false)
    }

    @Test func aKindThatExpiresIsRestoredAtTheDateGiven() throws {
        let savedAt = Date()
        let file = try makeFile { try $0.seed(PodcastSearchState(query: "history"), for: try SceneKey(scene: "search")) }
        defer { try? file.close() }
        let url = URL(fileURLWithPath: file.path)
        func replay(at date: Date?) -> ReportReplay {
            ReportReplay(database: url, at: date).restoring(PodcastSearchState.self).restoring(PodcastState.self) { _ in PodcastLibrary(episodes: ["ep-2"]) }
        }
        try replay(at: savedAt).verify(recording: true)
        try replay(at: nil).verify(recording: false)  // the wall clock, within the hour
        let later = replay(at: savedAt.addingTimeInterval(2 * 3600)).report(recording: false)
        #expect(later.differences.map(\.scene) == ["search"])
        #expect(later.differences.first?.lines.first == "codes: expected [], got [record-expired]")
    }

    @Test func aFileThatIsNotThereFailsAndIsNotCreated() throws {
        let file = try makeFile()
        defer { try? file.close() }
        let absent = URL(fileURLWithPath: file.path).deletingLastPathComponent().appendingPathComponent("absent.sqlite")
        let report = ReportReplay(database: absent).restoring(PodcastState.self) { _ in PodcastLibrary(episodes: []) }.report(recording: true)
        #expect(!report.isPassing && report.failures.count == 1 && report.failures[0].hasPrefix(absent.path + " could not be replayed: "))
        #expect(!FileManager.default.fileExists(atPath: absent.path) && report.recorded.isEmpty)
    }
}
