import Foundation

/// Folders of the package checkout, found from this file's location: what the tests read from
/// `Fixtures/`, `Migrations/` and the sources' articles.
public enum PackageFolders {
    /// The checkout's root, the folder holding `Package.swift`.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// `Migrations/`.
    public static let migrations = root.appendingPathComponent("Migrations")
    /// `Fixtures/`.
    public static let fixtures = root.appendingPathComponent("Fixtures")
    /// `Fixtures/cases/`.
    public static let cases = fixtures.appendingPathComponent("cases")
    /// `Fixtures/documents/`.
    public static let documents = fixtures.appendingPathComponent("documents")
    /// `Fixtures/records/`.
    public static let records = fixtures.appendingPathComponent("records")
    /// `Fixtures/schema/`.
    public static let schema = fixtures.appendingPathComponent("schema")

    /// The path of a file under `Fixtures/`, such as `documents/original.json`.
    public static func path(_ relative: String) -> String { fixtures.appendingPathComponent(relative).path }

    /// The URL of a file under the checkout's root, such as `Sources/StateRestore/StateRestore.docc`.
    public static func file(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// Every Swift file under `Sources/`, as its path relative to that folder and its URL.
    public static func swiftSources() -> [(relative: String, url: URL)] {
        let sources = root.appendingPathComponent("Sources")
        var found: [(relative: String, url: URL)] = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            if url.pathExtension == "swift" { found.append((String(url.path.dropFirst(sources.path.count + 1)), url)) }
        }
        return found
    }

    /// Whether `RESTORECTL_RECORD_FIXTURES=1` asks the fixture tests to rewrite expected files.
    public static var isRecording: Bool { ProcessInfo.processInfo.environment["RESTORECTL_RECORD_FIXTURES"] == "1" }
}
