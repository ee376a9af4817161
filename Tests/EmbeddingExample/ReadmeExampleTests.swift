import Foundation
import ScreenKinds
import ScreenModels
import StateRestore
import StateStore
import TestSupport
import Testing

/// The README's library code is this target's code: every Swift block of the README's
/// "Library" section (but the Package.swift lines) stands verbatim in one of this target's
/// files, so it compiles as written; and it runs.
@Suite struct ReadmeExampleTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let readme = folder.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")

    /// The ```swift blocks between "## Library" and the next "## " heading.
    static func librarySnippets() throws -> [String] {
        let text = try String(contentsOf: readme, encoding: .utf8)
        guard let start = text.range(of: "\n## Library\n") else { return [] }
        let rest = text[start.upperBound...]
        let section = rest.range(of: "\n## ").map { rest[..<$0.lowerBound] } ?? rest
        return section.components(separatedBy: "```swift\n").dropFirst().compactMap { block in
            block.components(separatedBy: "\n```").first
        }.filter { !$0.contains("// Package.swift") }
    }

    @Test func everyLibrarySnippetStandsVerbatimInThisTarget() throws {
        let sources = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".swift") && $0 != "ReadmeExampleTests.swift" }
            .map { try String(contentsOf: Self.folder.appendingPathComponent($0), encoding: .utf8) }
        let snippets = try Self.librarySnippets()
        #expect(snippets.count >= 3)
        for snippet in snippets {
            #expect(sources.contains { $0.contains(snippet) }, "README snippet not found verbatim in Tests/EmbeddingExample:\n\(snippet)")
        }
    }

    @Test @MainActor func theReaderAppSavesWithoutASaveCall() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("state.sqlite")
        try runReaderApp(statePath: path, library: [7: 300])  // first launch: page 1 → 2
        try runReaderApp(statePath: path, library: [7: 300])  // second: 2 → 3
        let restorer = StateRestorer(path: path)
        defer { try? restorer.close() }
        #expect(restorer.restore(ReaderState.self, try SceneKey(scene: "reader-window")).state.page == 3)
    }

    @Test @MainActor func theArticleScreensRestoreAndPersist() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("state.sqlite")
        let key = try SceneKey(scene: "main")
        let restorer = StateRestorer(path: path)
        let window = restoreArticleScreens(
            restorer: restorer, key: key,
            books: [CatalogBook(id: 1, title: "Dune")], currentNotes: [Note(id: 1, title: "WAL")],
            choices: [ZoneChoice(id: "utc", title: "UTC")],
            notesLoader: FixedNotes(notes: []), shelfLoader: NoShelf()
        )
        #expect(window.trackings.count == 3 && window.trackings.allSatisfy(\.isTracking))
        #expect(window.zones?.selectedZoneID == "utc" && window.shelf.state.rows.isEmpty)
        try restorer.close()
    }
}

/// A shelf loader the example never asks to load.
@MainActor
private final class NoShelf: ShelfLoading {
    func load(query: String, completion: @escaping @MainActor (Result<[ShelfBook], ShelfFailure>) -> Void) -> ShelfLoadCancellation {
        ShelfLoadCancellation()
    }
}
