import Foundation
import StateStore

/// The process's standard streams, read and written with the system's calls rather than
/// `FileHandle`'s, which traps (a `try!` inside Foundation) when standard input is closed or a
/// directory, or when standard output is full or closed: the tool died of SIGILL with a
/// backtrace where the exit table promises one line and 66 or 74.
enum StandardStreams {
    /// More than any input the tool reads: standard input is read up to this, then refused,
    /// so an endless one (`< /dev/zero`) cannot take all the memory there is.
    static let inputLimit = 256 << 20

    /// The first write to standard output or error that failed: the stream and its `errno`.
    /// That stream is written no more, and the tool exits 74 saying so where it can.
    static let failedWrite = Locked<(stream: String, errno: Int32)?>(nil)

    /// All of standard input. Throws exit 66 when there is none to read (closed, a
    /// directory), 74 when reading fails otherwise, 65 past ``inputLimit``.
    static func readInput() throws -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count == 0 { return data }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw CommandFailure(
                    code == EBADF || code == EISDIR ? .noInput : .ioError, "standard input cannot be read (\(SystemErrorCause.describe(code)))")
            }
            data.append(contentsOf: buffer[0..<count])
            guard data.count <= inputLimit else {
                throw CommandFailure(.dataError, "standard input holds more than \(inputLimit) bytes, more than any input the tool reads")
            }
        }
    }

    /// Writes `text` whole to `descriptor` (`name` in messages), unless a write to it failed
    /// before; a failure is kept in ``failedWrite``.
    static func write(_ text: String, to descriptor: Int32, named name: String) {
        guard failedWrite.withLock({ $0?.stream != name }), let code = WholeWrite.write(text.utf8, to: descriptor) else { return }
        failedWrite.withLock { if $0 == nil { $0 = (name, code) } }
    }

    /// The exit code of a run that returned `code`, given how its writes went: 74 when a write
    /// to standard output or error failed (said on standard error when that still works).
    static func exitCode(after code: Int32) -> Int32 {
        guard let failure = failedWrite.withLock({ $0 }) else { return code }
        if failure.stream != "standard error" {
            write(
                "restorectl: \(failure.stream) could not be written (\(SystemErrorCause.describe(failure.errno))); what the command did is done, only its output was lost\n",
                to: STDERR_FILENO, named: "standard error")
        }
        return code == 0 ? ExitCode.ioError.rawValue : code
    }
}
