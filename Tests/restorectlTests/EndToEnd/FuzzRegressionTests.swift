import Foundation
import TestSupport
import Testing

/// Replays the fuzzers' seeds and every crash input kept in `Fixtures/fuzz/` through the same
/// checks the fuzzers run (`restorectl-fuzz` in replay mode, as a real process).
@Suite struct FuzzRegressionTests {
    @Test(arguments: [
        ("record", ["records", "fuzz/record"]),
        ("document", ["documents", "fuzz/document"]),
        ("portable", ["fuzz/portable"]),
    ])
    func everyKeptInputPassesTheFuzzersChecks(target: String, folders: [String]) throws {
        let binary = try #require(BuiltProducts.executable(named: "restorectl-fuzz"), "restorectl-fuzz was not built (run swift build)")
        let run = try ChildRun(tool: binary, [target] + folders.map(PackageFolders.path))
        #expect(run.exit.isSuccess, "\(run)")
        #expect((run.stdout + run.stderr).contains("replayed without a failure"))
    }
}
