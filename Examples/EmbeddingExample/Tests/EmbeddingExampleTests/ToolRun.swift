import Foundation

/// A program run to its end, as a shell runs it, its output and errors read together (neither
/// pipe fills while the other is read): the restorectl tool an app runs on its reports, and the
/// script that makes one.
struct ToolRun {
    /// The restorectl binary: `RESTORECTL`'s path (`.ci/run` sets it), or the library checkout's
    /// debug build beside this package; nil when neither is there.
    static let restorectl: String? = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../..").standardized
        let candidates: [String?] = [ProcessInfo.processInfo.environment["RESTORECTL"], root.appendingPathComponent(".build/debug/restorectl").path]
        return candidates.compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// What it printed on standard output.
    let output: String
    /// What it printed on standard error.
    let errors: String
    /// Its exit status (nil when a signal ended it).
    let status: Int32?

    /// Runs `program` with `arguments` and the environment's variables plus `environment`.
    init(_ program: String, _ arguments: [String], environment: [String: String] = [:]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Standard error on a thread of its own, so a full error pipe never blocks the output.
        let errors = ErrorText()
        let reader = Thread { errors.set(err.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let output = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        self.output = String(decoding: output, as: UTF8.self)
        self.errors = String(decoding: errors.wait(), as: UTF8.self)
        status = process.terminationReason == .exit ? process.terminationStatus : nil
    }

    /// The output's lines, without the last line break.
    var lines: [String] { output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).dropLast(output.hasSuffix("\n") ? 1 : 0) }
}

/// The error pipe's bytes, handed from the reading thread once it reached the end.
private final class ErrorText: @unchecked Sendable {
    // Safe: the condition guards `data`, set once by the reader and read after it.
    private let done = NSCondition()
    private var data: Data?

    func set(_ bytes: Data) {
        done.lock()
        data = bytes
        done.signal()
        done.unlock()
    }

    func wait() -> Data {
        done.lock()
        defer { done.unlock() }
        while data == nil { done.wait() }
        return data ?? Data()
    }
}
