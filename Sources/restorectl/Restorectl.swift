import Foundation

/// The `restorectl` command-line tool: parse, validate, run, print, exit code.
///
/// Everything but `main.swift` takes an argument array and a `Console`, so commands are
/// tested without a process.
enum Restorectl {
    /// The tool's version, printed by `--version`.
    static let version = "0.1.0"

    /// Runs the tool with `arguments` (without the program name) and returns its exit code.
    static func run(_ arguments: [String], console: Console) -> Int32 {
        do {
            switch try CommandLineParser.parse(arguments, root: CommandTable.root) {
            case .version:
                console.print("restorectl \(version)")
            case .help(let path):
                console.print(HelpFormatter.render(helpFor: path, root: CommandTable.root))
            case .run(let command):
                return try CommandTable.run(command, console: console).rawValue
            }
            return ExitCode.success.rawValue
        } catch let error as UsageError {
            // Usage messages already start with the command path ("restorectl migrate: …").
            console.printError(error.message)
            return UsageError.exitCode
        } catch {
            let failure = FailureMapping.failure(for: error)
            console.printError("restorectl: \(failure.message)")
            return failure.exitCode.rawValue
        }
    }
}
