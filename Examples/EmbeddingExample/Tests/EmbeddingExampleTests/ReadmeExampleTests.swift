import Foundation
import ScreenKinds
import ScreenModels
import StateRestore
import StateRestoreTesting
import Testing

/// The documentation's code is this target's code: every Swift block of the README and of every
/// DocC article (but the Package.swift lines and blocks marked `// not compiled: <reason>`)
/// stands verbatim in one of this target's files, so it compiles as written; and it runs.
@Suite struct ReadmeExampleTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    /// The repository: this package is Examples/EmbeddingExample in it.
    static let root = folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let readme = root.appendingPathComponent("README.md")

    /// The ```swift blocks of `text`, but the Package.swift lines and blocks marked as not compiled.
    static func snippets(in text: String) -> [String] {
        text.components(separatedBy: "```swift\n").dropFirst().compactMap { block in
            block.components(separatedBy: "\n```").first
        }.filter { !$0.hasPrefix("// Package.swift") && !$0.hasPrefix("// not compiled:") }
    }

    /// Every DocC article of every module: `Sources/<Module>/<Module>.docc/*.md`.
    static func articles() throws -> [URL] {
        let sources = root.appendingPathComponent("Sources")
        return try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted().flatMap { module -> [URL] in
            let catalog = sources.appendingPathComponent(module).appendingPathComponent("\(module).docc")
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: catalog.path) else { return [] }
            return names.filter { $0.hasSuffix(".md") }.sorted().map { catalog.appendingPathComponent($0) }
        }
    }

    /// This target's sources, but this file.
    static func sources() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".swift") && $0 != "ReadmeExampleTests.swift" }
            .map { try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8) }
    }

    @Test func everyReadmeSnippetStandsVerbatimInThisTarget() throws {
        let sources = try Self.sources()
        let snippets = Self.snippets(in: try String(contentsOf: Self.readme, encoding: .utf8))
        #expect(snippets.count >= 2)
        for snippet in snippets {
            #expect(sources.contains { $0.contains(snippet) }, "README snippet not found verbatim in Examples/EmbeddingExample:\n\(snippet)")
        }
    }

    @Test func everyDocCArticleSnippetStandsVerbatimInThisTarget() throws {
        let sources = try Self.sources()
        var checked = 0
        for article in try Self.articles() {
            for snippet in Self.snippets(in: try String(contentsOf: article, encoding: .utf8)) {
                checked += 1
                #expect(sources.contains { $0.contains(snippet) }, "\(article.lastPathComponent): snippet not found verbatim in Examples/EmbeddingExample:\n\(snippet)")
            }
        }
        #expect(checked >= 5)
    }

    @Test @MainActor func theReaderAppSavesWithoutASaveCall() throws {
        let stateFile = try TemporaryStateFile()
        try runReaderApp(statePath: stateFile.path, library: [7: 300])  // first launch: page 1 → 2
        try runReaderApp(statePath: stateFile.path, library: [7: 300])  // second: 2 → 3
        let restorer = StateRestorer(path: stateFile.path)
        defer { try? restorer.close() }
        #expect(restorer.restore(ReaderState.self, try SceneKey(scene: "reader-window")).state.page == 3)
    }

    @Test @MainActor func theArticleScreensRestoreAndPersist() throws {
        let stateFile = try TemporaryStateFile()
        let key = try SceneKey(scene: "main")
        let restorer = StateRestorer(path: stateFile.path)
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
