import Foundation
import TestSupport
import Testing

/// Issue 29's rule for the package's code: no Swift file in `Sources` runs over 300 lines
/// (`Store.swift` had grown to 306 unnoticed).
@Suite struct SourceFileLengthTests {
    @Test func noSwiftFileInSourcesIsOver300Lines() throws {
        let sources = PackageFolders.root.appendingPathComponent("Sources")
        var long: [String] = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count - 1
            if lines > 300 { long.append("\(url.path.dropFirst(sources.path.count + 1)): \(lines) lines") }
        }
        #expect(long == [])
    }
}
