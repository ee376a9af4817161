import Foundation

/// A running child — `restorectl-stress`, the real `restorectl` or any tool — whose stdout is
/// read line by line through a pipe while its stderr is read to the end beside it, so a child
/// that writes more than a pipe holds (64 KB) to either stream never blocks. ``ChildRun`` runs
/// one to its end.
///
/// Events are ordered by what the child has printed, never by sleeping: the child prints a
/// line after the thing happened (`ready` after opening, `acked` after a commit returned), and
/// the parent blocks reading until it sees it. Only newline-terminated lines are returned, so a
/// line cut short by a kill is not mistaken for a whole one.
///
/// One thread at a time reads a child's output (hence `@unchecked Sendable`: the writer test
/// hands each child to its own reading thread).
package final class ChildProcess: @unchecked Sendable {
    /// How a child ended.
    package struct Exit: Equatable, Sendable, CustomStringConvertible {
        package let reason: Process.TerminationReason
        package let status: Int32
        package var wasKilled: Bool { reason == .uncaughtSignal && status == SIGKILL }
        package var isSuccess: Bool { reason == .exit && status == 0 }
        package var description: String { reason == .exit ? "exit \(status)" : "signal \(status)" }
    }

    package let process: Process
    /// The command line, for failure messages (the child can be rerun by hand).
    package let commandLine: String
    private let output: LineReader
    private let errorPipe = Pipe()
    private let inputPipe = Pipe()
    /// Reads stderr to its end from the launch on; left once the child closed it.
    private let errorReading = DispatchGroup()
    private let errorBytes = ErrorBytes()

    /// Launches `restorectl-stress` with `arguments`.
    package convenience init(stress arguments: [String], directory: URL? = nil) throws {
        try self.init(tool: ChildProcess.stressTool(), arguments: arguments, directory: directory)
    }

    /// Launches the real `restorectl` with `arguments`: an app launch or a user's command.
    /// `environment` is added to this process's (`RESTORECTL_NOW` sets the tool's clock).
    /// `directory` is its working directory (this process's when nil).
    package convenience init(restorectl arguments: [String], environment: [String: String] = [:], directory: URL? = nil) throws {
        try self.init(tool: ChildProcess.builtTool(named: "restorectl"), arguments: arguments, environment: environment, directory: directory)
    }

    /// Launches the executable at `tool` with `arguments`, and `environment` added to this
    /// process's, in `directory` (this process's working directory when nil): a child is where
    /// a test changes the working directory, which is one for the whole process.
    package init(tool: URL, arguments: [String], environment: [String: String] = [:], directory: URL? = nil) throws {
        process = Process()
        process.executableURL = tool
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, added in added }
        }
        let outputPipe = Pipe()
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        process.standardInput = inputPipe
        commandLine = ([tool.path] + arguments).joined(separator: " ")
        output = LineReader(outputPipe.fileHandleForReading.fileDescriptor, keeping: outputPipe)
        try process.run()
        // The handle itself is captured, not its descriptor's number: it keeps the descriptor
        // open while the read lasts, even past this object's end (a number alone was closed
        // with the pipe and reused, and the read blocked on another file).
        let (errors, bytes) = (errorPipe.fileHandleForReading, errorBytes)
        DispatchQueue.global().async(group: errorReading) { bytes.data = Data(ChildProcess.bytesToEnd(of: errors.fileDescriptor)) }
    }

    /// Every byte `descriptor` yields up to its end, with blocking `read(2)`. Not
    /// `FileHandle.readDataToEndOfFile()`: under the address sanitizer its `Data` leaked now and
    /// then (665 bytes in 4 allocations of a CI run, all inside Foundation's read).
    static func bytesToEnd(of descriptor: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes += chunk[..<count]
            } else if count == 0 || errno != EINTR {
                return bytes
            }
        }
    }

    /// The next whole line of stdout, blocking until it arrives; nil at end of output.
    package func nextLine() -> String? { output.next() }

    /// Reads stdout until a line equal to `expected`; returns the lines before it. Throws when
    /// the output ends first (the child failed: its stderr is in the error).
    @discardableResult
    package func readLines(until expected: String) throws -> [String] {
        var before: [String] = []
        while let line = nextLine() {
            if line == expected { return before }
            before.append(line)
        }
        let exit = waitForExit()
        throw ChildFailure("\(commandLine) ended (\(exit)) before printing \"\(expected)\"; stderr: \(errorOutput())")
    }

    /// Every remaining whole line of stdout, up to the end of output.
    package func remainingLines() -> [String] {
        var lines: [String] = []
        while let line = nextLine() { lines.append(line) }
        return lines
    }

    /// The rest of stdout as it is, up to the end of output, a last line without its newline
    /// included.
    package func remainingOutput() -> Data { Data(output.rest()) }

    /// Writes `data` to the child's stdin and closes it, from another thread, so a child that
    /// writes before it has read all of `data` does not block either side.
    package func sendAndClose(_ data: Data) {
        let input = inputPipe.fileHandleForWriting
        DispatchQueue.global().async {
            if !data.isEmpty { input.write(data) }
            try? input.close()
        }
    }

    /// Writes `line` and a newline to the child's stdin.
    package func send(_ line: String) {
        inputPipe.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Sends SIGKILL. The child may already have exited; that is not an error.
    package func kill() {
        _ = Foundation.kill(process.processIdentifier, SIGKILL)
    }

    /// Waits for the child to end and reports how.
    @discardableResult
    package func waitForExit() -> Exit {
        process.waitUntilExit()
        return Exit(reason: process.terminationReason, status: process.terminationStatus)
    }

    /// Everything the child wrote to stderr; waits until the child closed it (it ended).
    package func errorOutput() -> String {
        errorReading.wait()
        return String(decoding: errorBytes.data, as: UTF8.self)
    }

    /// The built `restorectl-stress`; `RESTORECTL_STRESS_TOOL` overrides the location.
    package static func stressTool() throws -> URL {
        if let override = ProcessInfo.processInfo.environment["RESTORECTL_STRESS_TOOL"] {
            let url = URL(fileURLWithPath: override)
            guard FileManager.default.isExecutableFile(atPath: url.path) else {
                throw ChildFailure("RESTORECTL_STRESS_TOOL=\(override) is not an executable file")
            }
            return url
        }
        return try builtTool(named: "restorectl-stress")
    }

    /// The package's executable `name`, next to the test bundle in `.build/<configuration>/`.
    ///
    /// `swift build` and `swift test` build every target, the executables included, before the
    /// tests run, so the test targets need no dependency on them.
    package static func builtTool(named name: String) throws -> URL {
        // Linux runs the test bundle itself as the process; macOS runs it inside xctest.
        var folders: [URL] = []
        folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent())
        folders.append(Bundle.main.bundleURL.deletingLastPathComponent())
        folders += Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }.map { $0.bundleURL.deletingLastPathComponent() }
        let candidates = folders.map { $0.appendingPathComponent(name) }
        guard let tool = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw ChildFailure(
                "\(name) is not built: looked in \(candidates.map(\.path).joined(separator: ", ")); "
                    + "run `swift build` (or `swift build --product \(name)`) before `swift test`"
            )
        }
        return tool
    }
}

/// A child that did not behave as the test protocol expects.
package struct ChildFailure: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

/// The bytes a child wrote to stderr, written by the reading thread before it leaves the
/// group and read only after waiting for it (hence `@unchecked Sendable`).
private final class ErrorBytes: @unchecked Sendable {
    var data = Data()
}

/// Splits a file descriptor's bytes into newline-terminated lines with blocking `read(2)`.
private final class LineReader {
    private let descriptor: Int32
    private let owner: Pipe
    private var buffer: [UInt8] = []
    private var isAtEnd = false

    init(_ descriptor: Int32, keeping owner: Pipe) {
        self.descriptor = descriptor
        self.owner = owner
    }

    /// Every byte left, up to the end of output.
    func rest() -> [UInt8] {
        while !isAtEnd { fill() }
        defer { buffer.removeAll() }
        return buffer
    }

    /// Reads once more into the buffer, or marks the end of output.
    private func fill() {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
            buffer += chunk[..<count]
        } else if count == 0 || errno != EINTR {
            isAtEnd = true
        }
    }

    /// The next whole line, blocking until it arrives; nil at end of output.
    func next() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            // A final line without its newline was cut short (the child died writing it).
            if isAtEnd { return nil }
            fill()
        }
    }
}
