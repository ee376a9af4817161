import Foundation
import ScreenKinds
import ScreenModels
import StateStore
import TestSupport
import Testing

@testable import StateRestore

/// A launch that makes a new database on a disk that fills up while it does leaves nothing at
/// the path, and the restorer makes the file once space is back. Found as one full test run in
/// about 25 failing `MigrateCommandTests.aNewDatabaseOutOfSpaceLeavesNothingAtItsPath`: the
/// file was published, its first read could not grow the shared memory (a child another test
/// was spawning still held the blocks the staging file had freed), and the file was left at
/// schema 0, which the launch then read as read-only storage, reporting `database-read-only`.
@Suite struct FullDiskCreationTests {
    @Test(.enabled(if: TestHost.canMountTmpfs, "mounts a tmpfs: needs root and a mount namespace"))
    func aLaunchWhoseNewFileFillsTheDiskLeavesNothingAndCreatesItOnceSpaceIsBack() throws {
        let mount = try #require(try ScratchMount(tmpfsSize: "512k"))
        defer { mount.unmount() }
        let (root, path) = (mount.root.path, mount.path("state.sqlite"))
        let key = try SceneKey(scene: "main")
        let document = CatalogDocument(books: [CatalogBook(id: 1, title: "One")])
        let fillsTheDisk: @Sendable (Database.CreationStep) -> Void = { step in
            if step == .published { #expect(throws: Never.self) { try ScratchMount.fill(root) } }
        }
        let restorer = Database.withCreationHook(at: path, fillsTheDisk) { StateRestorer(path: path) }
        defer { try? restorer.close() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["filler"])
        #expect(restorer.databaseReport.map(\.code) == [.databaseUnavailable], "\(restorer.databaseReport)")
        #expect(restorer.databaseReport.first?.detail.contains("cannot create the database at \(path)") == true, "\(restorer.databaseReport)")
        #expect(throws: (any Error).self) { try restorer.save(CatalogViewState(query: "while full"), for: key) }

        // Space back: the next restore makes the file, and a save lands in it.
        try mount.emptyFiller()
        let restored = restorer.restore(CatalogViewState.self, key, against: document)
        #expect(restored.reports(.noRecord) && !restored.reports(.databaseUnavailable), "\(restored.report)")
        try restorer.save(CatalogViewState(query: "space back"), for: key)
        try restorer.close()
        let reader = StateRestorer(path: path)
        defer { try? reader.close() }
        #expect(reader.restore(CatalogViewState.self, key, against: document).state.query == "space back")
    }
}
