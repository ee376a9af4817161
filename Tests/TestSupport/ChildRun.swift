import Dispatch
import Foundation

/// One run of a child process to its end: how it ended and everything it wrote, its stdout and
/// stderr read together (a ``ChildProcess`` underneath), so output past a pipe's 64 KB on
/// either stream never blocks it. The one way the tests run a tool and wait for it.
///
/// ```swift
/// let run = try ChildRun(restorectl: ["status", "--db", file.path])
/// #expect(run.status == 0, "\(run.stderr)")
/// ```
package struct ChildRun: Sendable, CustomStringConvertible {
    /// How the child ended.
    package let exit: ChildProcess.Exit
    /// Its exit status, or -1 when a signal ended it.
    package let status: Int32
    /// Everything it wrote to stdout, as UTF-8.
    package let stdout: String
    /// Everything it wrote to stderr, as UTF-8.
    package let stderr: String

    /// Runs the executable at `tool` with `arguments`, `input` on its stdin (then closed) and
    /// `environment` added to this process's, in `directory` (this process's when nil), and
    /// waits for it to end. A child still running after `limit` is killed (its exit says so),
    /// so a hang fails the test instead of stopping the run.
    package init(
        tool: URL, _ arguments: [String], input: Data = Data(), environment: [String: String] = [:], directory: URL? = nil,
        killedAfter limit: DispatchTimeInterval = .seconds(120)
    ) throws {
        let child = try ChildProcess(tool: tool, arguments: arguments, environment: environment, directory: directory)
        let watchdog = DispatchWorkItem { child.kill() }
        DispatchQueue.global().asyncAfter(deadline: .now() + limit, execute: watchdog)
        child.sendAndClose(input)
        let output = child.remainingOutput()
        exit = child.waitForExit()
        watchdog.cancel()
        status = exit.reason == .exit ? exit.status : -1
        stdout = String(decoding: output, as: UTF8.self)
        stderr = child.errorOutput()
    }

    /// Runs the package's built `restorectl` with `arguments` (see the designated initializer).
    package init(
        restorectl arguments: [String], input: Data = Data(), environment: [String: String] = [:], directory: URL? = nil,
        killedAfter limit: DispatchTimeInterval = .seconds(120)
    ) throws {
        try self.init(
            tool: ChildProcess.builtTool(named: "restorectl"), arguments, input: input, environment: environment, directory: directory,
            killedAfter: limit
        )
    }

    /// The exit and both streams, for a failing expectation's message.
    package var description: String { "\(exit); stdout: \(stdout); stderr: \(stderr)" }
}
