import Foundation
import StateStore

/// Writes whole lines to stdout or stderr, each with a single unbuffered `write(2)`.
///
/// A line is the unit the parent test trusts: `acked …` is printed only after the commit
/// returned, and one write per line (under `PIPE_BUF`, under a lock) means a kill never leaves
/// half a line and lines from several threads never interleave.
final class LinePrinter: @unchecked Sendable {
    /// The process-wide printer.
    static let shared = LinePrinter()

    private let lock = Locked()

    /// Prints `text` and a newline to stdout.
    func line(_ text: String) {
        lock.withLock { FileHandle.standardOutput.write(Data((text + "\n").utf8)) }
    }

    /// Prints `text` and a newline to stderr.
    func error(_ text: String) {
        lock.withLock { FileHandle.standardError.write(Data((text + "\n").utf8)) }
    }
}
