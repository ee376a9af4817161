import Foundation
import TestSupport
import Testing

/// Issue 29's rule for the package's code: no Swift file in `Sources` runs over 300 lines
/// (`Store.swift` had grown to 306 unnoticed).
@Suite struct SourceFileLengthTests {
    @Test func noSwiftFileInSourcesIsOver300Lines() throws {
        var long: [String] = []
        for (relative, url) in PackageFolders.swiftSources() {
            let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count - 1
            if lines > 300 { long.append("\(relative): \(lines) lines") }
        }
        #expect(long == [])
    }
}
