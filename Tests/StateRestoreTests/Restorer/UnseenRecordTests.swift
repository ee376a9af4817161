import Foundation
import ScreenKinds
import ScreenModels
import StateRestore
import StateStore
import TestSupport
import Testing

/// No blind overwrite: a launch that could not read the file (here: a user who may not read it,
/// a real `restorectl-stress` child run as `nobody`) holds its saves, and once the file can be
/// written again it creates the record where there is none but never replaces one it did not
/// see; the next restore returns the stored record.
@Suite(.serialized) struct UnseenRecordTests {
    let file: StateFile

    init() throws { file = try StateFile() }

    /// Runs the child as `nobody` on a file it may not read; makes the file writable for it
    /// after its first flush; returns its lines.
    private func launchAsNobodyOnAnUnreadableFile() throws -> [String] {
        try #require(chmod(file.folder.url.path, 0o755) == 0 && chmod(file.path, 0o600) == 0)
        let stress = try ChildProcess.stressTool()
        let child = try ChildProcess(
            tool: URL(fileURLWithPath: "/usr/bin/setpriv"),
            arguments: ["--reuid=nobody", "--regid=nogroup", "--clear-groups", stress.path, "save-after-unavailable", "--db", file.path, "--scene", "main"])
        guard let restored = child.nextLine() else { throw ChildFailure("\(child.commandLine) printed nothing: \(child.errorOutput())") }
        guard let held = child.nextLine() else { return [restored] }
        // The file (and its folder, for the log) can be written again.
        #expect(chmod(file.path, 0o666) == 0 && chmod(file.folder.url.path, 0o777) == 0)
        child.send("go")
        let rest = child.remainingLines()
        #expect(child.waitForExit().isSuccess, "\(child.errorOutput())")
        return [restored, held] + rest
    }

    private func storedQuery() throws -> String? {
        let restorer = StateRestorer(path: file.path)
        defer { try? restorer.close() }
        let restored = restorer.restore(CatalogViewState.self, try SceneKey(scene: "main"), against: CatalogDocument(books: [CatalogBook(id: 9, title: "Held")]))
        return restored.reports(.noRecord) ? nil : restored.state.query
    }

    @Test(.enabled(if: TestHost.canRunAsNobody, "runs the child as nobody: needs root and setpriv"))
    func aSaveFromALaunchThatCouldNotReadNeverReplacesTheStoredRecord() throws {
        let seed = StateRestorer(path: file.path)
        try seed.save(CatalogViewState(query: "stored"), for: try SceneKey(scene: "main"))
        try seed.close()
        let lines = try launchAsNobodyOnAnUnreadableFile()
        #expect(lines.count == 3, "\(lines)")
        #expect(lines.first?.hasPrefix("restored ") == true && lines.first?.contains("database-unavailable") == true, "\(lines)")
        #expect(lines.dropFirst().first == "held failed")
        #expect(lines.last == "flushed main main:storedRecordNotSeen")  // reported with the reason, not written
        #expect(try storedQuery() == "stored")
    }

    @Test(.enabled(if: TestHost.canRunAsNobody, "runs the child as nobody: needs root and setpriv"))
    func whereTheFileHoldsNoRecordTheHeldStateIsWritten() throws {
        let seed = StateRestorer(path: file.path)
        try seed.save(CatalogViewState(query: "other"), for: try SceneKey(scene: "other"))
        try seed.close()
        let lines = try launchAsNobodyOnAnUnreadableFile()
        #expect(lines.last == "flushed - -", "\(lines)")
        #expect(try storedQuery() == "typed while unavailable")
    }
}
