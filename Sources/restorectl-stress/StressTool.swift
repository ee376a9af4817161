import Foundation

/// Parse → run → exit code, without touching the process, so `main` stays one line.
enum StressTool {
    /// Runs one subcommand; returns 0, 64 for a usage error or 1 for any other failure.
    static func run(_ arguments: [String]) -> Int32 {
        do {
            let command = try StressCommand(parsing: arguments)
            try command.run()
            return 0
        } catch let error as StressUsageError {
            LinePrinter.shared.error("usage: \(error.message)\n\(StressCommand.usage)")
            return 64
        } catch {
            LinePrinter.shared.error("error \(error)")
            return 1
        }
    }
}

/// A command line this tool does not understand.
struct StressUsageError: Error {
    let message: String
}
