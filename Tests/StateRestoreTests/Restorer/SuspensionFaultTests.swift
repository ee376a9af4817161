import Foundation
import ScreenKinds
import ScreenModels
import StateRestoreTesting
import StateStore
import TestSupport
import Testing

@testable import StateRestore

/// A suspension whose final write fails (a full disk) still closes every connection, and what
/// was not written stays pending for the resume: the writer stayed open, and its next window
/// wrote while the app was suspended, holding the file's lock (iOS terminates a suspended app
/// that holds one).
@MainActor
@Suite struct SuspensionFaultTests {
    @Test(.enabled(if: TestHost.canMountTmpfs, "mounts a tmpfs: needs root and a mount namespace"))
    func aSuspensionWhoseWriteFailsClosesTheWriterAndKeepsTheSaveForTheResume() throws {
        let mount = try #require(try ScratchMount(tmpfsSize: "2m"))
        defer { mount.unmount() }
        let path = mount.path("state.sqlite")
        let key = try SceneKey(scene: "main")
        let document = CatalogDocument(books: [CatalogBook(id: 1, title: "One")])
        let scheduler = ManualWriteScheduler()
        let restorer = StateRestorer(path: path, scheduler: scheduler)
        defer { try? restorer.close() }
        let restored = restorer.restore(CatalogViewState.self, key, against: document)
        var state = restored.state
        let tracking = restorer.persist(from: restored, turns: ManualTurnScheduler()) { state }
        state.query = "written before"
        tracking.saveCurrentState()
        #expect(try restorer.flush().isEmpty)
        #expect(try Self.storedQuery(at: path, key) == "written before")

        try mount.fill()
        state.query = String(repeating: "pending while full ", count: 2_000)
        tracking.saveCurrentState()
        #expect(throws: (any Error).self) { try restorer.suspend() }
        #expect(restorer.pendingSaves == [key])

        // Space back while suspended: the writer's window writes nothing.
        try mount.emptyFiller()
        scheduler.fireAll()
        #expect(restorer.pendingSaves == [key])
        let stored = try Self.storedQuery(at: path, key)
        #expect(stored == "written before", "\(String(describing: stored?.prefix(40)))")

        _ = try restorer.resume()
        #expect(try Self.storedQuery(at: path, key) == state.query)
        withExtendedLifetime(tracking) {}
    }

    /// The query stored for `key`, as a restorer of its own reads it.
    private static func storedQuery(at path: String, _ key: SceneKey) throws -> String? {
        let reader = StateRestorer(path: path)
        defer { try? reader.close() }
        let restored = reader.restore(CatalogViewState.self, key, against: CatalogDocument(books: [CatalogBook(id: 1, title: "One")]))
        return restored.reports(.noRecord) ? nil : restored.state.query
    }
}
