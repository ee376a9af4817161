import Foundation
import TestSupport
import Testing

/// The tool's standard streams as a shell can leave them: standard input closed or a
/// directory, endless, standard output full or closed. Each is one line on standard error and
/// an exit code of the table, never a trap in Foundation (exit 132 with a backtrace); a write
/// the command made is kept, and said to be. Runs the built `restorectl` under `/bin/sh`.
@Suite struct StandardStreamTests {
    let folder: TemporaryDirectory
    var db: String { folder.path("state.sqlite") }
    var state: String { folder.path("notes.json") }

    init() throws {
        folder = try TemporaryDirectory()
        try Data(#"{"version":1,"query":"q","selectedNoteID":null}"#.utf8).write(to: URL(fileURLWithPath: state))
        try FileManager.default.createDirectory(atPath: folder.path("adir"), withIntermediateDirectories: false)
        #expect(try run("\"$0\" save --db \"$1\" --scene main --kind notes --state \"$2\"").status == 0)
    }

    /// Runs `script` under `/bin/sh -c`, `$0` the built tool, `$1` the database, `$2` the state
    /// file, `$3` the folder.
    private func run(_ script: String) throws -> ChildRun {
        let tool = try ChildProcess.builtTool(named: "restorectl").path
        return try ChildRun(tool: URL(fileURLWithPath: "/bin/sh"), ["-c", script, tool, db, state, folder.url.path], killedAfter: .seconds(60))
    }

    @Test func aStandardInputThatCannotBeReadIsNoInput() throws {
        let before = FileManager.default.contents(atPath: db)
        for redirection in ["<&-", "< \"$3/adir\""] {
            for option in ["save --scene s --kind notes --state -", "shelf save --shelf home --snapshot -"] {
                let result = try run("\"$0\" \(option) --db \"$1\" \(redirection)")
                #expect(result.status == 66 && result.stderr.contains("standard input cannot be read"), "\(option) \(redirection): \(result)")
                #expect(result.stderr.split(separator: "\n").count == 1, "one line: \(result.stderr)")
            }
        }
        #expect(FileManager.default.contents(atPath: db) == before)
    }

    @Test func anEndlessStandardInputIsRefusedPastTheLimit() throws {
        let result = try run("\"$0\" save --db \"$1\" --scene s --kind notes --state - < /dev/zero")
        #expect(result.status == 65 && result.stderr.contains("standard input holds more than"), "\(result)")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full"))
    func aStandardOutputThatCannotBeWrittenIsAnIOErrorAndTheWorkStays() throws {
        for redirection in ["> /dev/full", ">&-"] {
            let status = try run("\"$0\" status --db \"$1\" \(redirection)")
            #expect(status.status == 74 && status.stderr.contains("standard output could not be written"), "\(redirection): \(status)")
        }
        let save = try run("\"$0\" save --db \"$1\" --scene full --kind notes --state \"$2\" > /dev/full")
        #expect(save.status == 74 && save.stderr.contains("what the command did is done"), "\(save)")
        let inspect = try run("\"$0\" inspect --db \"$1\" --kind notes")
        #expect(inspect.stdout.contains("\tfull\t"), "the save was kept: \(inspect.stdout)")
    }

    /// A reader that has gone from the pipe (`restorectl demo | head -1`): the tool finishes,
    /// closes its files and exits 74 saying its output was lost, leaving what a demo leaves.
    /// SIGPIPE killed it half way (exit 141), with the database's log and index left behind
    /// and its crash-loop guard never written. The reader
    /// closes its end before the tool starts (a FIFO orders the two), so every write fails.
    @Test func aPipeWhoseReaderHasGoneIsAnIOErrorAndLeavesNoFileBehind() throws {
        let script = """
            mkfifo "$3/ready"
            ( read go < "$3/ready"; "$0" demo --db "$3/piped.sqlite"; echo "exit $?" >&2 ) | ( exec 0<&-; echo go > "$3/ready" )
            """
        let result = try run(script)
        #expect(result.stderr.contains("exit 74") && result.stderr.contains("standard output could not be written"), "\(result)")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter { $0.hasPrefix("piped.sqlite") }
        #expect(left.sorted() == ["piped.sqlite", "piped.sqlite-guard", "piped.sqlite-live"], "\(left)")
    }
}
