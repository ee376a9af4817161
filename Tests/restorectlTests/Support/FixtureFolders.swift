import Foundation

/// Folders of the package checkout, found from this file's location.
enum FixtureFolders {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = root.appendingPathComponent("Fixtures")
    static let cases = fixtures.appendingPathComponent("cases")
    static let documents = fixtures.appendingPathComponent("documents")
    static let records = fixtures.appendingPathComponent("records")
    static let schema = fixtures.appendingPathComponent("schema")

    /// The path of a file under `Fixtures/`, such as `documents/original.json`.
    static func path(_ relative: String) -> String { fixtures.appendingPathComponent(relative).path }

    /// Whether `RESTORECTL_RECORD_FIXTURES=1` asks the fixture tests to rewrite expected files.
    static var isRecording: Bool { ProcessInfo.processInfo.environment["RESTORECTL_RECORD_FIXTURES"] == "1" }
}
