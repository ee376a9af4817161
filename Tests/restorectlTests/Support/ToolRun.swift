import Dispatch
import Foundation
import TestSupport

/// One run of the built `restorectl` as a child process: its exit status and both streams.
struct ToolRun {
    /// How the child ended.
    let exit: ChildProcess.Exit
    /// Its exit status, or -1 when a signal ended it.
    let status: Int32
    let stdout: String
    let stderr: String

    /// Runs `restorectl` with `arguments` (in `directory`, when given); a run still going after
    /// 30 s is killed.
    init(_ arguments: [String], in directory: URL? = nil) throws {
        let child = try ChildProcess(restorectl: arguments, directory: directory)
        let watchdog = DispatchWorkItem { child.kill() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 30, execute: watchdog)
        let lines = child.remainingLines()
        exit = child.waitForExit()
        watchdog.cancel()
        status = exit.reason == .exit ? exit.status : -1
        stdout = lines.joined(separator: "\n")
        stderr = child.errorOutput()
    }
}
