import Foundation
import StateRestore
import StateRestoreTesting
import Testing

// BugReportToRegressionTest.md quotes this test: the report's scenes restore as the
// expectations beside it say.

@Test func theBrokenReleasesReportRestoresPlayable() throws {
    try ReportReplay(database: "Reports/broken-release.sqlite")
        .restoring(PodcastState.self) { scene in PodcastLibrary(afterTheReportOf: scene.recorded) }
        .verify()
}

/// The broken release's field report (Reports/broken-release.sqlite, a redacted export that
/// Reports/make-broken-release.sh makes) replayed through the app's own kind: its report codes
/// are what the expectations beside it pin.
@Suite struct BrokenReleaseReportTests {
    static let reports = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Reports")
    static let report = reports.appendingPathComponent("broken-release.sqlite")

    @Test func revertingTheFixFailsNamingTheSceneAndTheCode() throws {
        let replay = ReportReplay(database: "Reports/broken-release.sqlite")
            .restoring(PodcastStateBeforeTheFix.self) { scene in PodcastLibrary(afterTheReportOf: PodcastState(scene.recorded)) }
        let report = replay.report(recording: false)
        // The scene of the file whose expected codes pin the fix: the only one that changes.
        let expected = try JSONValue.parse(Data(contentsOf: replay.expectations))
        let scenes = try #require(expected["scenes"].flatMap { if case .array(let scenes) = $0 { scenes } else { nil } })
        let fixed = scenes.filter { $0["codes"] == ["position-reset", "episode-missing"] }
        #expect(scenes.count == 2 && fixed.count == 1)
        #expect(!report.isPassing && report.failures.isEmpty && report.scenesReplayed == 2)
        #expect(report.differences.map { JSONValue.string($0.scene) } == fixed.map { $0["scene"] })
        #expect(report.differences.map { JSONValue.string($0.account) } == fixed.map { $0["account"] })
        let difference = try #require(report.differences.first)
        #expect(difference.kind == "podcast")
        #expect(difference.lines.first == "codes: expected [position-reset, episode-missing], got [episode-cleared]")
        #expect(difference.lines.dropFirst().first { $0.hasPrefix("`episodeID`: expected \"") }?.hasSuffix("\", got null") == true)
        #expect(difference.lines.contains("`position`: expected 600.0, got 0.0"))
        #expect(report.description.contains("scene \"\(difference.scene)\" of account \"\(difference.account)\" (podcast):"))
        #expect(throws: ReportReplayFailure.self) { try replay.verify(recording: false) }
    }

    @Test func theReplayLeavesTheReportAsCommitted() throws {
        let before = try Data(contentsOf: Self.report)
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.reports.path).sorted()
        _ = ReportReplay(database: Self.report).restoring(PodcastState.self) { PodcastLibrary(afterTheReportOf: $0.recorded) }.report(recording: false)
        #expect(try Data(contentsOf: Self.report) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: Self.reports.path).sorted() == files)
    }

    @Test func theReportHoldsNoneOfThePersonsStrings() throws {
        let device = Self.reports.appendingPathComponent("broken-release-device")
        var personal: Set<String> = ["alice"]
        for name in try FileManager.default.contentsOfDirectory(atPath: device.path) where name.hasSuffix(".json") {
            personal.insert(String(name.dropLast(5)))
            Self.collectStrings(of: try JSONValue.parse(Data(contentsOf: device.appendingPathComponent(name))), into: &personal)
        }
        // Field names are kept, and no planted string is one.
        personal.subtract(["version", "episodeID", "position", "queue", "lastPositions"])
        #expect(personal.count == 6)  // alice, iphone, ipad and the three episode ids
        let bytes = try Data(contentsOf: Self.report)
        for string in personal.sorted() {
            #expect(bytes.range(of: Data(string.utf8)) == nil, "the report holds \"\(string)\"")
        }
    }

    private static func collectStrings(of value: JSONValue, into strings: inout Set<String>) {
        switch value {
        case .string(let string): strings.insert(string)
        case .array(let elements): for element in elements { collectStrings(of: element, into: &strings) }
        case .object(let object):
            for (key, member) in object {
                strings.insert(key)
                collectStrings(of: member, into: &strings)
            }
        case .null, .bool, .integer, .double: break
        }
    }
}
