import Foundation

@testable import restorectl

/// The outcome of running the tool in-process with captured streams.
struct CapturedRun {
    let exitCode: Int32
    let stdout: String
    let stderr: String

    /// Runs `restorectl` with `arguments`, feeding `input` as standard input.
    init(_ arguments: [String], input: Data = Data(), environment: [String: String] = [:], errorIsTerminal: Bool = false) {
        final class Buffer: @unchecked Sendable {
            var out = ""
            var err = ""
        }
        let buffer = Buffer()
        let console = Console(
            isErrorTerminal: errorIsTerminal,
            environment: environment,
            writeOut: { buffer.out += $0 },
            writeError: { buffer.err += $0 },
            readInput: { input }
        )
        exitCode = Restorectl.run(arguments, console: console)
        stdout = buffer.out
        stderr = buffer.err
    }
}
