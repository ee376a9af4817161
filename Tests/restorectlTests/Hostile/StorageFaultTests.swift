import Dispatch
import Foundation
import ScreenKinds
import ScreenModels
import StateRestore
import StateStore
import TestSupport
import Testing

/// Unavailable is not empty: on a real full disk, a read-only mount and a file this user may
/// not write, a launch restores the stored state (read without writing, `database-read-only`),
/// the read-only tools answer as on a writable disk, nothing is left beside the file, and once
/// space or permission returns the next save succeeds with no cleanup. Mounts and users are
/// real (root, a tmpfs, `setpriv` to `nobody`); where the machine refuses, the test says so
/// and skips.
@Suite(.serialized) struct StorageFaultTests {
    static let document = #"{"books": [{"id": 1, "title": "Algorithms"}, {"id": 2, "title": "Database Internals"}]}"#
    static let stored = CatalogViewState(query: "data", selectedID: 2)

    /// A database at `path` holding `stored` for scene "main", cleanly closed (no `-wal`).
    private static func makeDatabase(at path: String) throws {
        let restorer = StateRestorer(path: path)
        try restorer.save(stored, for: try SceneKey(scene: "main"))
        try restorer.close()
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    private static func listing(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0 != "filler" && $0 != "document.json" }.sorted()
    }

    /// Runs the real `restorectl`, as `user` when given (through setpriv).
    private static func run(_ arguments: [String], as user: String? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        let tool = try ChildProcess.builtTool(named: "restorectl")
        let child =
            if let user {
                try ChildProcess(tool: URL(fileURLWithPath: "/usr/bin/setpriv"), arguments: ["--reuid=\(user)", "--regid=nogroup", "--clear-groups", tool.path] + arguments)
            } else {
                try ChildProcess(restorectl: arguments)
            }
        let lines = child.remainingLines()
        let exit = child.waitForExit()
        return (exit.status, lines.joined(separator: "\n"), child.errorOutput())
    }

    /// The stored state a library launch restores, with its report codes.
    private static func restore(_ path: String) throws -> (state: CatalogViewState, codes: [RestoreCode]) {
        let restorer = StateRestorer(path: path)
        defer { try? restorer.close() }
        let restored = restorer.restore(CatalogViewState.self, try SceneKey(scene: "main"), against: CatalogDocument(books: [CatalogBook(id: 2, title: "Database Internals")]))
        return (restored.state, restored.report.map(\.code))
    }

    @Test func onAFullDiskALaunchRestoresTheStoredStateAndTheToolsAnswerAsBefore() throws {
        guard let mount = try TmpfsMount(size: "2m") else { return }
        defer { mount.unmount() }
        let db = mount.path("state.sqlite")
        try Self.makeDatabase(at: db)
        try Data(Self.document.utf8).write(to: URL(fileURLWithPath: mount.path("document.json")))
        let checkBefore = try Self.run(["check", "--db", db, "--json"])
        let before = Self.listing(mount.root.path)
        try mount.fill()

        let restored = try Self.restore(db)
        #expect(restored.state == Self.stored)
        #expect(restored.codes.contains(.databaseReadOnly) && !restored.codes.contains(.databaseUnavailable), "\(restored.codes)")
        #expect(Self.listing(mount.root.path) == before, "the launch left files behind")
        let cli = try Self.run(["restore", "--db", db, "--scene", "main", "--document", mount.path("document.json"), "--json"])
        #expect(cli.status == 0 && cli.stdout.contains(#""query": "data""#) && cli.stdout.contains("database-read-only"), "\(cli)")
        let check = try Self.run(["check", "--db", db, "--json"])
        #expect(check.status == checkBefore.status && check.stdout == checkBefore.stdout, "\(check)")
        #expect(try Self.run(["status", "--db", db]).status == 0)
        #expect(try Self.run(["inspect", "--db", db]).status == 0)
        #expect(Self.listing(mount.root.path) == before)

        // Space comes back: the next save works, with no cleanup by hand.
        try mount.emptyFiller()
        let restorer = StateRestorer(path: db)
        try restorer.save(CatalogViewState(query: "after"), for: try SceneKey(scene: "main"))
        try restorer.close()
        #expect(try Self.restore(db).state.query == "after")
    }

    @Test func onAReadOnlyMountALaunchRestoresTheStoredState() throws {
        guard let mount = try TmpfsMount(size: "4m") else { return }
        defer { mount.unmount() }
        let db = mount.path("state.sqlite")
        try Self.makeDatabase(at: db)
        guard mount.remount(readOnly: true) else {
            print("skipped: the tmpfs could not be remounted read-only")
            return
        }
        let restored = try Self.restore(db)
        #expect(restored.state == Self.stored && restored.codes.contains(.databaseReadOnly), "\(restored.codes)")
        #expect(try Self.run(["check", "--db", db]).status == 0)
        #expect(mount.remount(readOnly: false))
        let restorer = StateRestorer(path: db)
        try restorer.save(CatalogViewState(query: "after"), for: try SceneKey(scene: "main"))
        try restorer.close()
        #expect(try Self.restore(db).state.query == "after")
    }

    @Test func aFileThisUserMayNotWriteIsReadAndLeavesNothingThatBlocksALaterSave() throws {
        let folder = try TemporaryDirectory()
        let db = folder.path("state.sqlite")
        try Self.makeDatabase(at: db)
        try Data(Self.document.utf8).write(to: URL(fileURLWithPath: folder.path("document.json")))
        guard chown(folder.url.path, 65534, 65534) == 0, chown(db, 65534, 65534) == 0, chmod(folder.url.path, 0o755) == 0, chmod(db, 0o400) == 0 else {
            print("skipped: cannot hand the database to nobody (not root)")
            return
        }
        let run = try Self.run(["restore", "--db", db, "--scene", "main", "--document", folder.path("document.json"), "--json"], as: "nobody")
        guard !run.stderr.contains("setpriv:") else {
            print("skipped: setpriv cannot switch to nobody here: \(run.stderr)")
            return
        }
        #expect(run.status == 0 && run.stdout.contains(#""query": "data""#) && run.stdout.contains("database-read-only"), "\(run)")
        #expect(!FileManager.default.fileExists(atPath: db + "-wal") && !FileManager.default.fileExists(atPath: db + "-shm"))
        // Write permission back: the next save (as that user) succeeds.
        #expect(chmod(db, 0o600) == 0)
        let state = folder.path("after.json")
        try Data(#"{"version":3,"query":"after","selectedID":null,"showsOnlySelected":false,"viewport":null}"#.utf8).write(to: URL(fileURLWithPath: state))
        #expect(chown(state, 65534, 65534) == 0)
        let save = try Self.run(["save", "--db", db, "--scene", "main", "--state", state], as: "nobody")
        #expect(save.status == 0, "\(save)")
    }
}
