import Foundation
import StateStore

/// Where a command writes results and errors and reads standard input; tests capture it.
final class Console: @unchecked Sendable {
    /// Keeps one call's output whole when several threads print.
    private let lock = Locked()
    private let writeOut: (String) -> Void
    private let writeError: (String) -> Void
    /// All of standard input.
    let readStandardInput: () throws -> Data
    /// Whether stderr is an interactive terminal (progress is shown only then).
    let isErrorTerminal: Bool
    /// The process environment (HOME, XDG_STATE_HOME…).
    let environment: [String: String]

    init(
        isErrorTerminal: Bool = false,
        environment: [String: String] = [:],
        writeOut: @escaping (String) -> Void,
        writeError: @escaping (String) -> Void,
        readInput: @escaping () throws -> Data = { Data() }
    ) {
        self.isErrorTerminal = isErrorTerminal
        self.environment = environment
        self.writeOut = writeOut
        self.writeError = writeError
        self.readStandardInput = readInput
    }

    /// The process's own standard streams.
    static func standard() -> Console {
        Console(
            isErrorTerminal: isatty(STDERR_FILENO) == 1,
            environment: ProcessInfo.processInfo.environment,
            writeOut: { StandardStreams.write($0, to: STDOUT_FILENO, named: "standard output") },
            writeError: { StandardStreams.write($0, to: STDERR_FILENO, named: "standard error") },
            readInput: StandardStreams.readInput
        )
    }

    /// Writes `text` and a newline to stdout.
    func print(_ text: String) { lock.withLock { writeOut(text + "\n") } }

    /// Writes one line to stderr. Messages quote user text (paths, names, JSON keys) as given,
    /// so control characters are escaped here, where every error line passes.
    func printError(_ text: String) {
        let line = text.escapingControlCharacters()
        lock.withLock { writeError(line + "\n") }
    }

    /// Rewrites the current stderr line (progress display); only on a terminal.
    func showProgress(_ text: String) {
        guard isErrorTerminal else { return }
        lock.withLock { writeError("\r\u{1B}[2K" + text) }
    }

    /// Ends a progress display with a newline; only on a terminal.
    func endProgress() {
        guard isErrorTerminal else { return }
        lock.withLock { writeError("\n") }
    }
}
