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
        let personal = try Self.personalStrings()
        #expect(personal.count == 6)  // alice, iphone, ipad and the three episode ids
        let bytes = try Data(contentsOf: Self.report)
        for string in personal.sorted() {
            #expect(bytes.range(of: Data(string.utf8)) == nil, "the report holds \"\(string)\"")
        }
    }

    @Test(.enabled(if: ToolRun.restorectl != nil, "needs the restorectl tool: build the library (swift build) or set RESTORECTL"))
    func theScriptRemakesAReportThatReplaysWithTheCommittedCodes() throws {
        let folder = try TemporaryStateFile()
        let remade = folder.folder.appendingPathComponent("remade.sqlite")
        let script = try ToolRun(
            "/bin/bash", [Self.reports.appendingPathComponent("make-broken-release.sh").path],
            environment: ["RESTORECTL": try #require(ToolRun.restorectl), "OUT": remade.path])
        #expect(script.status == 0, "\(script.errors)")
        // New hashes and placeholders, so its own expectations: recorded, they hold the
        // committed codes, scene for scene.
        let replay = ReportReplay(database: remade).restoring(PodcastState.self) { PodcastLibrary(afterTheReportOf: $0.recorded) }
        #expect(try replay.verify(recording: true).recorded == ["remade.expected.json"])
        let committed = ReportReplay(database: Self.report).expectations
        #expect(try Self.codes(in: replay.expectations) == Self.codes(in: committed))
        #expect(try Self.codes(in: committed) == [[], ["position-reset", "episode-missing"]])
        let bytes = try Data(contentsOf: remade)
        for string in try Self.personalStrings() {
            #expect(bytes.range(of: Data(string.utf8)) == nil, "the remade report holds \"\(string)\"")
        }
    }

    @Test(.enabled(if: ToolRun.restorectl != nil, "needs the restorectl tool: build the library (swift build) or set RESTORECTL"))
    func theToolReadsTheSameExpectationsButHasNotTheAppsRules() throws {
        // `restorectl replay` restores the app's kind from its formats, unreconciled: the file
        // parses, and the phone's scene comes back as the broken release saved it.
        let tool = try ToolRun(
            try #require(ToolRun.restorectl),
            [
                "replay", "--db", Self.report.path, "--formats", Self.reports.deletingLastPathComponent().appendingPathComponent("Formats").path,
                "--expect", ReportReplay(database: Self.report).expectations.path,
            ])
        let lines = tool.lines
        #expect(tool.status == 1, "\(tool.errors)")
        #expect(lines.count == 5 && lines.first?.hasSuffix("(podcast):") == true)
        #expect(lines.dropFirst().first == "  codes: expected [position-reset, episode-missing], got []")
        #expect(lines.contains("  `position`: expected 600.0, got -1"))
    }

    /// Each scene's codes in the expectations file at `url`, in a stable order.
    private static func codes(in url: URL) throws -> [[String]] {
        guard case .array(let scenes)? = try JSONValue.parse(Data(contentsOf: url))["scenes"] else { return [] }
        let codes = scenes.map { scene -> [String] in
            guard case .array(let codes)? = scene["codes"] else { return ["(none)"] }
            return codes.map { if case .string(let code) = $0 { code } else { "\($0)" } }
        }
        return codes.sorted { $0.count < $1.count || ($0.count == $1.count && $0.lexicographicallyPrecedes($1)) }
    }

    /// The person's strings: every string and key of the records their devices held, and the
    /// account and scene names, but the field names (which the export keeps, and none of
    /// which is planted).
    private static func personalStrings() throws -> Set<String> {
        let device = reports.appendingPathComponent("broken-release-device")
        var personal: Set<String> = ["alice"]
        for name in try FileManager.default.contentsOfDirectory(atPath: device.path) where name.hasSuffix(".json") {
            personal.insert(String(name.dropLast(5)))
            collectStrings(of: try JSONValue.parse(Data(contentsOf: device.appendingPathComponent(name))), into: &personal)
        }
        return personal.subtracting(["version", "episodeID", "position", "queue", "lastPositions"])
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
