import Foundation
import StateStore
import TestSupport
import Testing

@testable import restorectl

/// The verbs that read through the tool's reading opening (`inspect`, `history`, `quarantine
/// list`, `replay`) read a newer schema exactly when a launch would: when the readable-by its migrations
/// record reaches this build. One that records nothing letting this build read it exits 65 with
/// the message a launch's writer gets, and is left as found.
@Suite struct NewerSchemaReadingTests {
    static let verbs: [[String]] = [
        ["inspect"], ["history", "--scene", "main", "--kind", "catalog"], ["quarantine", "list"],
        // replay listed the names of a file it may not read, or failed in SQLite's words.
        ["replay", "--document", PackageFolders.path("documents/original.json")],
    ]

    let file: StateFile
    var path: String { file.path }

    init() throws {
        file = try StateFile()
    }

    private func run(_ verb: [String]) -> CapturedRun {
        CapturedRun(Array(verb.prefix(verb[0] == "quarantine" ? 2 : 1)) + ["--db", path] + verb.dropFirst(verb[0] == "quarantine" ? 2 : 1))
    }

    /// Schema 9, newer than this build, whose history records no readable-by this build meets:
    /// `restore` reports `database-newer` and reads nothing, and so do these.
    @Test(arguments: verbs)
    func aNewerSchemaThisBuildMayNotReadExits65AndIsLeftAsFound(verb: [String]) throws {
        try PersonalDatabase.load(PackageFolders.path("cases/database-newer/database.sql"), into: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = run(verb)
        #expect(result.exitCode == 65, "\(verb): \(result.stdout) \(result.stderr)")
        #expect(result.stderr.contains("newer than this build knows"), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    /// `check` of the same file checks its integrity only and says why: this build reads none
    /// of its records, as a launch reads none. It reported the healthy file "not a readable
    /// database" (exit 1), reading the newer release's tables as this build's.
    @Test func checkOfANewerSchemaThisBuildMayNotReadChecksIntegrityOnlyAndSaysWhy() throws {
        try PersonalDatabase.load(PackageFolders.path("cases/database-newer/database.sql"), into: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let result = CapturedRun(["check", "--db", path])
        #expect(result.exitCode == 0, "\(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains("readable only by builds of schema 9 and later: this build reads none of its records"), "\(result.stdout)")
        #expect(!result.stdout.contains("not a readable database"), "\(result.stdout)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    /// Schema 6 files readable by schema 4 (one this build may write, one it may only read):
    /// read, as a launch reads them.
    @Test(arguments: verbs, [SchemaBuild.additive6, .rewriting6])
    func aNewerSchemaWhoseReadableByReachesThisBuildIsRead(verb: [String], file: SchemaBuild) throws {
        try file.makeFile(at: path)
        let result = run(verb)
        #expect(result.exitCode == 0, "\(verb) on \(file): \(result.stdout) \(result.stderr)")
    }
}
