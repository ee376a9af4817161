import Foundation
import JSON
import ScreenKinds
import StateRestore
import StateStore
import TestSupport
import Testing

@testable import restorectl

/// Hostile input to every decoder the tool runs, end to end in-process: records given to
/// `save`, documents given to `restore`, scene and account names, records planted in the
/// database by raw SQL, and command lines. The contract: refusals exit 65 (64 for a command
/// line) with one stderr line naming the problem and write nothing; data the contract accepts
/// is stored verbatim and restores; nothing crashes.
///
/// The byte-level parser cases live in `StateRestoreTests`; these tests take the whole CLI path.
@Suite struct HostileInputTests {
    let stateFile: StateFile

    init() throws { stateFile = try StateFile() }

    /// Writes `bytes` to `name` in the scratch directory and returns its path.
    func file(_ name: String, _ bytes: some Sequence<UInt8>) throws -> String {
        try Data(bytes).write(to: stateFile.folder.url.appendingPathComponent(name))
        return stateFile.path(name)
    }

    /// Saves the `v3-viewport.json` fixture for scene "main", creating the database.
    func saveMainRecord(sourceLocation: SourceLocation = #_sourceLocation) {
        let run = CapturedRun(["save", "--db", stateFile.path, "--scene", "main", "--state", PackageFolders.path("records/v3-viewport.json")])
        #expect(run.exitCode == 0, "\(run.stderr)", sourceLocation: sourceLocation)
    }

    private func listing() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: stateFile.folder.url.path).sorted() }

    /// Runs `arguments` first without a database, then over one holding a saved record, and
    /// expects each run to fail with `exitCode` and one stderr line containing `problem`,
    /// leaving no database behind in the first case and every file byte-identical in the second.
    func expectRefusal(
        _ arguments: [String], exitCode: Int32 = 65, mentioning problem: String, input: Data = Data(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let fresh = CapturedRun(arguments, input: input)
        Self.expectOneLineFailure(fresh, exitCode: exitCode, mentioning: problem, sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: stateFile.path), "the refused command created the database", sourceLocation: sourceLocation)

        saveMainRecord(sourceLocation: sourceLocation)
        let before = try #require(stateFile.folder.contents("state.sqlite"), sourceLocation: sourceLocation)
        let files = try listing()
        let again = CapturedRun(arguments, input: input)
        Self.expectOneLineFailure(again, exitCode: exitCode, mentioning: problem, sourceLocation: sourceLocation)
        #expect(stateFile.folder.contents("state.sqlite") == before, "the refused command changed the database", sourceLocation: sourceLocation)
        #expect(try listing() == files, sourceLocation: sourceLocation)
    }

    /// Exit `exitCode`, nothing on stdout, and exactly one stderr line, free of control
    /// characters, that contains `problem`.
    static func expectOneLineFailure(
        _ run: CapturedRun, exitCode: Int32, mentioning problem: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(run.exitCode == exitCode, "\(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(run.stderr.contains(problem), "\(run.stderr)", sourceLocation: sourceLocation)
        expectOneLine(run.stderr, sourceLocation: sourceLocation)
    }

    /// `text` is one line: it ends with its only newline and holds no other control character.
    static func expectOneLine(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(text.hasSuffix("\n"), "\(text.debugDescription)", sourceLocation: sourceLocation)
        let controls = text.unicodeScalars.filter { $0.properties.generalCategory == .control }.map(String.init)
        #expect(controls == ["\n"], "\(text.debugDescription)", sourceLocation: sourceLocation)
    }

    /// The `--json` output of restoring scene "main" against `document`.
    func restoreMain(against document: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
        let run = CapturedRun(["restore", "--db", stateFile.path, "--scene", "main", "--document", document, "--json"])
        #expect(run.exitCode == 0, "\(run.stderr)", sourceLocation: sourceLocation)
        #expect(run.stderr.isEmpty, sourceLocation: sourceLocation)
        return try JSONValue.parse(run.stdout, limits: JSONLimits(maxBytes: 64 << 20, maxDepth: 64))
    }

    /// The report codes of a `restore --json` output.
    static func reportCodes(_ restoration: JSONValue) -> [String] {
        guard case .array(let entries)? = restoration["report"] else { return [] }
        return entries.compactMap { if case .string(let code)? = $0["code"] { code } else { nil } }
    }
}

/// One hostile input: a label for the test list, the bytes, and what the outcome must mention.
struct HostileBytes: Sendable, CustomTestStringConvertible {
    let label: String
    let bytes: [UInt8]
    let problem: String

    init(_ label: String, _ bytes: [UInt8], _ problem: String) {
        self.label = label
        self.bytes = bytes
        self.problem = problem
    }

    init(_ label: String, _ text: String, _ problem: String) {
        self.init(label, Array(text.utf8), problem)
    }

    var testDescription: String { label }

    /// `count` opening brackets, then as many closing ones.
    static func nested(_ count: Int, inside prefix: String = "", _ suffix: String = "") -> [UInt8] {
        Array(prefix.utf8) + [UInt8](repeating: UInt8(ascii: "["), count: count)
            + [UInt8](repeating: UInt8(ascii: "]"), count: count) + Array(suffix.utf8)
    }
}
