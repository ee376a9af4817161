import Foundation

/// Runs this bench binary again with a hidden subcommand, so a measurement (peak memory above
/// all) starts from a fresh process and does not inherit the peaks of earlier work.
enum ChildProcess {
    /// The children's environment; `main` points `XDG_CONFIG_HOME` at a temporary folder, which
    /// CoreFoundation reads once at start-up, so `UserDefaults` never writes into the user's own.
    nonisolated(unsafe) static var environment = ProcessInfo.processInfo.environment

    static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw RawConnection.Failure(description: "child \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
