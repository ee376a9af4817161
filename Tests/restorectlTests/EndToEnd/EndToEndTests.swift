import Foundation
import JSON
import ScreenKinds
import StateRestore
import TestSupport
import Testing

/// A few runs of the built `restorectl` binary through `Process`: real arguments, real streams,
/// real exit status.
@Suite struct EndToEndTests {
    /// The `restorectl` executable beside the test bundle in `.build/<configuration>`.
    static let executable = BuiltProducts.executable(named: "restorectl")

    /// No `restorectl` executable was found beside the test bundle (run `swift build`).
    struct MissingBinary: Error {}

    func run(_ arguments: [String], input: Data = Data()) throws -> ChildRun {
        guard let executable = Self.executable else { throw MissingBinary() }
        return try ChildRun(tool: executable, arguments, input: input)
    }

    @Test func migrateThenStatus() throws {
        let latest = try StateMigrations.makeMigrator().latestVersion
        let file = try StateFile()
        let migrate = try run(["migrate", "--db", file.path])
        #expect(migrate.status == 0)
        #expect(migrate.stdout.hasSuffix("is at schema version \(latest).\n"))
        let status = try run(["status", "--db", file.path, "--json"])
        #expect(status.status == 0)
        #expect(status.stderr.isEmpty)
        let json = try JSONValue.parse(Data(status.stdout.utf8))
        #expect(json["schemaVersion"] == .integer(Int64(latest)))
        #expect(json["latestVersion"] == .integer(Int64(latest)))
        #expect(json["pending"] == [])
    }

    @Test func saveFromStandardInputThenRestoreAgainstAFixture() throws {
        let file = try StateFile()
        let record = try Data(contentsOf: PackageFolders.records.appendingPathComponent("v3-viewport.json"))
        #expect(try run(["save", "--db", file.path, "--scene", "main", "--state", "-"], input: record).status == 0)
        let restore = try run(["restore", "--db", file.path, "--scene", "main", "--document", PackageFolders.path("documents/deleted.json"), "--json"])
        #expect(restore.status == 0)
        let expected = try JSONValue.parse(Data(contentsOf: PackageFolders.cases.appendingPathComponent("anchor-rule3-deleted-after0-wins/expected-1.json")))
        let actual = try JSONValue.parse(Data(restore.stdout.utf8))
        #expect(JSONComparison.difference(actual, expected) == nil)
    }

    @Test func aCorruptDatabaseIsReportedByTheBinaryAndMovedAsideByALaunch() throws {
        let file = try StateFile()
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: file.path))
        let restore = try run(["restore", "--db", file.path, "--scene", "main", "--document", PackageFolders.path("documents/article.json"), "--json"])
        #expect(restore.status == 0)
        #expect(restore.stdout.contains("database-corrupt") && restore.stdout.contains("a launch would move it aside"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.folder.url.path) == ["state.sqlite"] && file.folder.contents("state.sqlite") == garbage)
        try AppLaunch.restoreCatalog(at: file.path)
        let copies = try FileManager.default.contentsOfDirectory(atPath: file.folder.url.path).filter { $0.hasPrefix("state.sqlite.corrupt-") }
        #expect(copies.count == 1)
        #expect(copies.first.map { file.folder.contents($0) } == garbage)
    }

    @Test func usageErrorExits64WithOneStderrLineAndNoStdout() throws {
        let result = try run(["restore", "--db", "/tmp/unused.sqlite", "--scene"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "restorectl restore: missing value for option --scene\n")
    }

    @Test func missingDatabaseForCheckExits66() throws {
        let dir = try TemporaryDirectory()
        let result = try run(["check", "--db", dir.path("absent.sqlite")])
        #expect(result.status == 66)
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: dir.path("absent.sqlite")))
    }
}
