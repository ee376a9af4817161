import Foundation
import ScreenKinds
import StateRestore
import TestSupport
import Testing

@testable import restorectl

/// Command lines: whatever the user typed, the error is one stderr line (user text in it has its
/// control characters escaped), the exit code says which kind of problem it was, and nothing is
/// written. A few go through the built binary, including argv bytes a Swift `String` cannot hold.
extension HostileInputTests {
    static let refusedCommandLines: [(arguments: [String], exitCode: Int32, message: String)] = [
        (["restore", "--db", "$DB", "--scene", "main", "--document", "$DOC", "--bogus=1"], 64, "restorectl restore: unknown option --bogus"),
        (["restore", "--db", "$DB", "--scene", "main", "--document", "$DOC", "--bogus=\u{1B}[2J\nsecret"], 64, "restorectl restore: unknown option --bogus"),
        (["restore", "--db", "$DB", "--scene", "main", "--document", "$DOC", "--json=yes"], 64, "restorectl restore: option --json does not take a value"),
        (["restore", "--db", "$DB", "--scene", "main", "--document", "$DOC", "--\u{1B}[31m=1"], 64, #"restorectl restore: unknown option '--\u{1B}[31m'"#),
        (["restore", "--db", "$DB", "--scene", "a", "--scene", "b", "--document", "$DOC"], 64, "restorectl restore: option --scene given more than once"),
        (["restore", "--db", "$DB", "--db=$DB", "--scene", "a", "--document", "$DOC"], 64, "restorectl restore: option --db given more than once"),
        (["restore", "--db", "$DB", "--scene", "a", "--document", "$DOC", "--json", "--json"], 64, "restorectl restore: option --json given more than once"),
        (["restore", "--db", "$DB", "--scene", "a", "--document", "$DOC", "extra\narg"], 64, #"restorectl restore: unexpected argument 'extra\narg'"#),
        (["re\u{1B}]0;pwned\u{07}store"], 64, #"restorectl: unknown command 're\u{1B}]0;pwned\u{07}store'"#),
        (["--" + String(repeating: "x", count: 10_000)], 64, "restorectl: unknown option --xxxx"),
        (["migrate", "--db", "$DB", "--to", "99999999999999999999"], 64, "restorectl migrate: option --to integer '99999999999999999999' is out of range"),
        (["migrate", "--db", "$DB", "--to=-99999999999999999999"], 64, "restorectl migrate: option --to integer '-99999999999999999999' is out of range"),
        (["migrate", "--db", "$DB", "--to", "1e3"], 64, "restorectl migrate: option --to expects an integer, got '1e3'"),
        (["migrate", "--db", "$DB", "--to", "3\n"], 64, #"restorectl migrate: option --to expects an integer, got '3\n'"#),
        (["migrate", "--db", "$DB", "--to="], 64, "restorectl migrate: option --to expects an integer, got ''"),
        (["save", "--db", "$DB", "--scene", "main", "--state", "/nonexistent\n/evil"], 66, #"restorectl: state /nonexistent\n/evil: no such file"#),
        (["restore", "--db", "$DB", "--scene", "main", "--document", "/nonexistent\u{1B}[2J"], 66, #"restorectl: document /nonexistent\u{1B}[2J: no such file"#),
        (["inspect", "--db", "$DB\r\nx"], 66, #"\r\nx"#),
    ]

    @Test(arguments: refusedCommandLines)
    func badCommandLineFailsWithOneEscapedStderrLineAndWritesNothing(arguments: [String], exitCode: Int32, message: String) {
        let document = PackageFolders.path("documents/original.json")
        let arguments = arguments.map { $0.replacingOccurrences(of: "$DB", with: stateFile.path).replacingOccurrences(of: "$DOC", with: document) }
        let run = CapturedRun(arguments)
        Self.expectOneLineFailure(run, exitCode: exitCode, mentioning: message)
        #expect(!run.stderr.contains("secret"))
        #expect(!FileManager.default.fileExists(atPath: stateFile.path))
    }

    /// An impossible target is refused before the file is created, and leaves an existing one as it was.
    @Test(arguments: ["9223372036854775807", "-9223372036854775808", "6", "-1"])
    func migrateToAnImpossibleVersionWritesNothing(target: String) throws {
        try expectRefusal(["migrate", "--db", stateFile.path, "--to=\(target)"], exitCode: 64, mentioning: "restorectl: cannot migrate to version \(target): ")
    }

    /// The JSON key and the scene name come from the user; the message quotes them on one line.
    @Test func userTextInsideDataErrorsStaysOnOneLine() throws {
        let duplicate = try file("duplicate.json", #"{"a\nb":1,"a\nb":2}"#.utf8)
        try expectRefusal(["save", "--db", stateFile.path, "--scene", "main", "--state", duplicate], mentioning: #"duplicate key "a\nb""#)

        // A name with control characters is refused, and quoted escaped.
        let scene = "line\nbreak\u{1B}[2J"
        let newer = PackageFolders.path("records/v5-no-min-reader.json")
        let control = CapturedRun(["save", "--db", stateFile.path, "--scene", scene, "--state", newer])
        Self.expectOneLineFailure(control, exitCode: 65, mentioning: #"the scene name "line\nbreak\u{1B}[2J" contains the control character U+000A"#)
        let quoted = #"line "break" \ here"#
        #expect(CapturedRun(["save", "--db", stateFile.path, "--scene", quoted, "--state", newer]).exitCode == 0)
        let refused = CapturedRun(["save", "--db", stateFile.path, "--scene", quoted, "--state", PackageFolders.path("records/v1.json")])
        Self.expectOneLineFailure(refused, exitCode: 65, mentioning: #"restorectl: scene "line "break" \ here" holds a record of format 5"#)
    }

    @Test func anArgumentThatIsNotUTF8IsAUsageError() {
        final class Lines: @unchecked Sendable { var out = "", err = "" }
        let lines = Lines()
        let console = Console(writeOut: { lines.out += $0 }, writeError: { lines.err += $0 })
        let status = Restorectl.run(decodedArguments: ["save", "--db", stateFile.path, "--scene", nil, "--state", "-"], console: console)
        #expect(status == 64)
        #expect(lines.out.isEmpty)
        #expect(lines.err == "restorectl: argument 5 is not valid UTF-8\n")
        #expect(!FileManager.default.fileExists(atPath: stateFile.path))
    }

    /// Argv is bytes: a shell hands the binary `a\377b`, which `CommandLine.arguments` would
    /// silently turn into "a\u{FFFD}b", a different scene.
    @Test(arguments: ["save --db \"$DB\" --scene \"$(printf 'a\\377b')\" --state \"$STATE\"", "save --db \"$(printf 'x\\300\\257')\" --scene main --state \"$STATE\""])
    func theBinaryRefusesArgvBytesThatAreNotUTF8(command: String) throws {
        guard let binary = EndToEndTests.executable else { throw EndToEndTests.MissingBinary() }
        let script = "DB=\"$1\" STATE=\"$2\"; cd \"$3\" && exec \"$0\" \(command)"
        let result = try ChildRun(
            tool: URL(fileURLWithPath: "/bin/sh"),
            ["-c", script, binary.path, stateFile.path, PackageFolders.path("records/v1.json"), stateFile.folder.url.path]
        )
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("restorectl: argument ") && result.stderr.hasSuffix(" is not valid UTF-8\n"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: stateFile.folder.url.path).isEmpty)
    }

    @Test func theBinaryRefusesAHostileRecordOnStandardInputWithOneLine() throws {
        let endToEnd = EndToEndTests()
        for record in Self.representativeRefusedRecords {
            let result = try endToEnd.run(["save", "--db", stateFile.path, "--scene", "main window", "--state", "-"], input: Data(record.bytes))
            #expect(result.status == 65)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains(record.problem), "\(result.stderr)")
            Self.expectOneLine(result.stderr)
            #expect(!FileManager.default.fileExists(atPath: stateFile.path))
        }
    }
}
