import Foundation
import StateRestore
import StateStore
import TestSupport
import Testing

/// The crash-loop guard blames by role (issue #37): an extension killed before completing its
/// restore (as the system kills extensions under memory pressure) counts toward the
/// extensions' launches, never the app's; the app's next launch applies its window record.
/// Real child processes (`restorectl-stress model-child --role extension`), killed by SIGKILL.
@Suite struct BlameByRoleTests {
    let file: StateFile
    let window: SceneKey

    init() throws {
        file = try StateFile()
        window = try SceneKey(scene: "w1", account: "alice")
        let seed = StateRestorer(path: file.path)
        try seed.save(ModelNote(title: "window", selected: nil, pinned: false), for: window)
        try seed.close()
    }

    /// A child process of `role` on the file, ready for lines.
    private func child(role: String) throws -> ChildProcess {
        let child = try ChildProcess(stress: ["model-child", "--db", file.path, "--role", role])
        _ = try child.readLines(until: "ready")
        return child
    }

    /// Asks `child` one line, as the model's driver does, and returns its answer.
    private func ask(_ child: ChildProcess, _ line: String) throws -> String {
        child.send("\(Date().timeIntervalSince1970) \(line)")
        return try #require(child.nextLine(), "the child ended: \(child.errorOutput())")
    }

    @Test func anExtensionKilledMidRestoreIsBlamedOnTheExtensionsLaunchesNotTheApps() throws {
        let killed = try child(role: "extension")
        #expect(try ask(killed, "restore alice w1 kill").hasPrefix("restored - window|"))
        #expect(killed.waitForExit().wasKilled)

        // The app's next launch: nothing of its own crashed, so its record is applied.
        let app = StateRestorer(path: file.path)
        let restored = app.restore(ModelNote.self, window, against: [])
        #expect(restored.report.map(\.code) == [])
        #expect(restored.state.title == "window")
        app.completeRestore(restored)
        try app.close()
        #expect(LaunchGuardFile.recordedCrashedLaunches(beside: file.path, role: .app) == 0)

        // The extensions' next launch handles its own crash.
        let next = try child(role: "extension")
        #expect(try ask(next, "restore alice w1").hasPrefix("restored restore-crashed "))
        #expect(try ask(next, "exit") == "closed")
        #expect(next.waitForExit().isSuccess)
        #expect(LaunchGuardFile.recordedCrashedLaunches(beside: file.path, role: .appExtension) == 1)
        #expect(LaunchGuardFile.recordedCrashedLaunches(beside: file.path, role: .app) == 0)
    }

    @Test func anAppKilledMidRestoreIsStillBlamedOnTheAppsNextLaunch() throws {
        let killed = try child(role: "app")
        #expect(try ask(killed, "restore alice w1 kill").hasPrefix("restored - window|"))
        #expect(killed.waitForExit().wasKilled)
        // An extension's launch leaves the app's crash for the app.
        let widget = try child(role: "extension")
        #expect(try ask(widget, "restore alice w1").hasPrefix("restored - window|"))
        #expect(try ask(widget, "exit") == "closed")
        _ = widget.waitForExit()

        let app = StateRestorer(path: file.path)
        defer { try? app.close() }
        let restored = app.restore(ModelNote.self, window, against: [])
        #expect(restored.report.map(\.code) == [.restoreCrashed])
        #expect(LaunchGuardFile.recordedCrashedLaunches(beside: file.path, role: .app) == 1)
    }
}
