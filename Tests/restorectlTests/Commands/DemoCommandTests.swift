import Foundation
import JSON
import ScreenKinds
import StateRestore
import TestSupport
import Testing

@testable import restorectl

@Suite struct DemoCommandTests {
    let file: StateFile

    init() throws { file = try StateFile(named: "demo.sqlite") }

    @Test func demoPrintsBothWindows() {
        let run = CapturedRun(["demo", "--db", file.path])
        #expect(run.exitCode == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout.contains("Scene \"reading\" of account \"demo\""))
        #expect(run.stdout.contains("Scene \"research\" of account \"demo\""))
        #expect(run.stdout.contains("anchor-moved"))
    }

    /// A demo refused before it opens its file (a directory, a text file) prints only its
    /// error: the heading went to standard output first, before every failure.
    @Test func aRefusedDemoPrintsNothingOnStandardOutput() throws {
        try FileManager.default.createDirectory(atPath: file.path, withIntermediateDirectories: false)
        let run = CapturedRun(["demo", "--db", file.path])
        #expect(run.exitCode == 73 && !run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.stdout.isEmpty, "\(run.stdout)")
    }

    @Test func demoJSONParsesWithBothWindows() throws {
        let run = CapturedRun(["demo", "--db", file.path, "--json"])
        #expect(run.exitCode == 0)
        let json = try JSONValue.parse(Data(run.stdout.utf8))
        guard case .array(let windows)? = json["windows"] else {
            Issue.record("no windows")
            return
        }
        #expect(windows.map { $0["scene"] } == ["reading", "research", "legacy"])
        #expect(windows.allSatisfy { $0["account"] == "demo" && $0["kind"] == "catalog" && $0["state"] != nil && $0["frame"] != nil })
        guard case .array(let screens)? = json["screens"] else {
            Issue.record("no screens")
            return
        }
        #expect(screens.map { $0["kind"] } == ["notes", "zones"])
        #expect(screens.allSatisfy { $0["frame"] == nil })
        #expect(screens.map { $0["report"]?.firstElement?["code"] } == ["selection-cleared", "selection-replaced"])
    }

    @Test func demoUsesTheStateFolderWithoutDB() throws {
        let run = CapturedRun(["demo", "--json"], environment: ["XDG_STATE_HOME": file.folder.url.path])
        #expect(run.exitCode == 0)
        #expect(FileManager.default.fileExists(atPath: file.path("restorectl/state.sqlite")))
    }
}
