import Foundation
import TestSupport
import Testing

/// The tests' one child runner reads stdout and stderr together and writes stdin beside them,
/// so a child that writes or reads more than a pipe holds (64 KB) runs to its end; a runner
/// that read stdout to its end before stderr would wait forever on the first case, and is
/// killed here after 30 s instead.
@Suite struct ChildRunTests {
    @Test func aChildWritingMoreThanAPipeHoldsToStderrBeforeAndAfterStdoutRunsToItsEnd() throws {
        let script = "yes e | head -c 200000 >&2; yes o | head -c 200000; yes e | head -c 100000 >&2"
        let run = try ChildRun(tool: URL(fileURLWithPath: "/bin/sh"), ["-c", script], killedAfter: .seconds(30))
        #expect(run.exit.isSuccess, "\(run.exit)")
        #expect(run.stdout == String(repeating: "o\n", count: 100_000))
        #expect(run.stderr == String(repeating: "e\n", count: 150_000))
    }

    @Test func inputLargerThanAPipeHoldsReachesAChildThatWritesAsItReads() throws {
        let input = String(repeating: "line\n", count: 60_000)
        let run = try ChildRun(tool: URL(fileURLWithPath: "/bin/cat"), [], input: Data(input.utf8), killedAfter: .seconds(30))
        #expect(run.exit.isSuccess, "\(run.exit)")
        #expect(run.stdout == input)
        #expect(run.stderr.isEmpty)
    }

    @Test func aChildStillRunningAtItsLimitIsKilledAndSaysSo() throws {
        let run = try ChildRun(tool: URL(fileURLWithPath: "/bin/sh"), ["-c", "echo started; exec sleep 60"], killedAfter: .milliseconds(500))
        #expect(run.exit.wasKilled)
        #expect(run.status == -1)
        #expect(run.stdout == "started\n")
    }
}
