import Foundation
import ScreenKinds
import StateRestore
import StateRestoreTesting
import Testing

/// `TemporaryRestorer`: the real engine on a file of its own for previews and unit tests,
/// seeded from states, samples or a copy of a report, and gone when it closes.
@MainActor
@Suite struct TemporaryRestorerTests {
    let main = try! SceneKey(scene: "main")

    @Test func aSeededStateRestoresAndTheFolderGoesWhenItCloses() throws {
        let preview = try TemporaryRestorer()
        try preview.seed(ReaderState(bookID: 7, page: 42, fontSize: 1.5), for: main)
        let restored = preview.restorer.restore(ReaderState.self, main, against: [7: 100])
        #expect(restored.state == ReaderState(bookID: 7, page: 42, fontSize: 1.5) && restored.report.isEmpty)
        let folder = URL(fileURLWithPath: preview.path).deletingLastPathComponent().path
        #expect(FileManager.default.fileExists(atPath: preview.path))
        try preview.close()
        try preview.close()
        #expect(!FileManager.default.fileExists(atPath: folder))
    }

    @Test func anOlderSampleRestoresThroughTheUpgrade() throws {
        let preview = try TemporaryRestorer()
        defer { try? preview.close() }
        let formats = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Formats/reader")
        try preview.seed(ReaderState.self, sample: "v1.json", in: formats, for: main)
        let restored = preview.restorer.restore(ReaderState.self, main, against: [7: 100])
        #expect(restored.report.map(\.code).contains(.recordUpgraded), "\(restored.report)")
    }

    @Test func aCopyOfAReportsDatabaseLeavesTheOriginalAsItWas() throws {
        let source = try TemporaryRestorer()
        defer { try? source.close() }
        try source.seed(ReaderState(bookID: 7, page: 3, fontSize: 1), for: main)
        try source.restorer.flush()
        let before = try Data(contentsOf: URL(fileURLWithPath: source.path))
        let copy = try TemporaryRestorer(copying: source.path)
        try copy.seed(ReaderState(bookID: 7, page: 9, fontSize: 1), for: main)
        #expect(copy.restorer.restore(ReaderState.self, main, against: [7: 100]).state.page == 9)
        try copy.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: source.path)) == before)
        #expect(throws: (any Error).self) { try TemporaryRestorer(copying: source.path + ".missing") }
    }
}
