import Foundation
import JSON
import TestSupport
import Testing

@testable import restorectl

@Suite struct DiscardCommandTests {
    let stateFile: StateFile

    init() throws { stateFile = try StateFile() }

    private func seed() {
        for account in ["alice", "bob"] {
            for scene in ["window-1", "window-2"] {
                #expect(CapturedRun(["save", "--db", stateFile.path, "--scene", scene, "--account", account, "--state", PackageFolders.path("records/v1.json")]).exitCode == 0)
            }
        }
    }

    /// The stored records as `account/scene`, sorted.
    private func records() throws -> [String] {
        let json = try JSONValue.parse(Data(CapturedRun(["inspect", "--db", stateFile.path, "--json"]).stdout.utf8))
        guard case .array(let records)? = json["records"] else { return [] }
        return records.compactMap { record in
            guard case .string(let account)? = record["account"], case .string(let scene)? = record["scene"] else { return nil }
            return "\(account)/\(scene)"
        }.sorted()
    }

    @Test func discardWithAnAccountRemovesThatAccountsSceneOnly() throws {
        seed()
        let run = CapturedRun(["discard", "--db", stateFile.path, "--scene", "window-1", "--account", "alice"])
        #expect(run.exitCode == 0)
        #expect(run.stderr.isEmpty)
        #expect(run.stdout == "Discarded scene \"window-1\" of account \"alice\": 1 record(s).\n")
        #expect(try records() == ["alice/window-2", "bob/window-1", "bob/window-2"])
    }

    @Test func discardWithoutAnAccountRemovesTheSceneInEveryAccount() throws {
        seed()
        let run = CapturedRun(["discard", "--db", stateFile.path, "--scene", "window-2"])
        #expect(run.exitCode == 0)
        #expect(run.stdout == "Discarded scene \"window-2\" in every account: 2 record(s).\n")
        #expect(try records() == ["alice/window-1", "bob/window-1"])
        #expect(CapturedRun(["discard", "--db", stateFile.path, "--scene", "window-2"]).stdout == "Discarded scene \"window-2\" in every account: 0 record(s).\n")
    }

    @Test func missingDatabaseExits66AndIsNotCreated() {
        let run = CapturedRun(["discard", "--db", stateFile.path, "--scene", "main"])
        #expect(run.exitCode == 66)
        #expect(run.stderr == "restorectl: \(stateFile.path): no such database file\n")
        #expect(!FileManager.default.fileExists(atPath: stateFile.path))
    }

    @Test func sceneIsRequiredAndAnEmptySceneIsBadData() {
        let missing = CapturedRun(["discard", "--db", stateFile.path])
        #expect(missing.exitCode == 64)
        #expect(missing.stderr == "restorectl discard: missing required option --scene\n")
        seed()
        #expect(CapturedRun(["discard", "--db", stateFile.path, "--scene", ""]).exitCode == 65)
    }

    @Test func aDamagedFileExits65AndIsLeftAsFound() throws {
        let garbage = Data((0..<8_192).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 17) })
        #expect(FileManager.default.createFile(atPath: stateFile.path, contents: garbage))
        let run = CapturedRun(["discard", "--db", stateFile.path, "--scene", "main"])
        #expect(run.exitCode == 65)
        #expect(FileManager.default.contents(atPath: stateFile.path) == garbage)
        #expect(try FileManager.default.contentsOfDirectory(atPath: stateFile.folder.url.path) == ["state.sqlite"])
    }

    @Test func helpShowsTheSynopsisAndOptions() {
        let run = CapturedRun(["discard", "--help"])
        #expect(run.exitCode == 0)
        #expect(
            run.stdout == """
                USAGE: restorectl discard --db PATH --scene ID [--account A]

                Delete every kind's state of one scene, in one account or in all of them.

                For a window closed for good. Without --account, the scene goes in every account (an app knows only a discarded scene session's identifier).

                OPTIONS:
                  --db PATH    The state database file.
                  --scene ID   The window (scene) identifier.
                  --account A  Only this account's scene (default: the scene in every account).
                  -h, --help   Show help information.

                """)
    }
}
