import Foundation
import Testing

/// Replays the fuzzers' seeds and every crash input kept in `Fixtures/fuzz/` through the same
/// checks the fuzzers run (`restorectl-fuzz` in replay mode, as a real process).
@Suite struct FuzzRegressionTests {
    @Test(arguments: [
        ("record", ["records", "fuzz/record"]),
        ("document", ["documents", "fuzz/document"]),
    ])
    func everyKeptInputPassesTheFuzzersChecks(target: String, folders: [String]) throws {
        let binary = try #require(BuiltProducts.executable(named: "restorectl-fuzz"), "restorectl-fuzz was not built (run swift build)")
        let process = Process()
        process.executableURL = binary
        process.arguments = [target] + folders.map(FixtureFolders.path)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(process.terminationReason == .exit)
        #expect(text.contains("replayed without a failure"))
    }
}
