import Foundation

/// The `restorectl` command-line tool: parse, validate, run, print, exit code.
///
/// Everything but `main.swift` takes an argument array and a `Console`, so commands are
/// tested without a process.
enum Restorectl {
    /// The tool's version, printed by `--version`.
    static let version = "0.1.0"

    /// Runs the tool with the process's arguments as decoded from argv, nil where one is not
    /// valid UTF-8. Such a line is a usage error: names and paths are used exactly as given, and
    /// a repaired argument (U+FFFD for the bad bytes) would name another scene or file.
    static func run(decodedArguments arguments: [String?], console: Console) -> Int32 {
        if let position = arguments.firstIndex(of: nil) {
            console.printError(UsageError(command: "restorectl", kind: .argumentNotUTF8(position: position + 1)).message)
            return UsageError.exitCode
        }
        return run(arguments.compactMap { $0 }, console: console)
    }

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
            let failure = FailureMapping.failure(for: error).naming(database: DatabaseOptions.database(in: arguments), for: error)
            // A usage failure names its command already ("restorectl save: unknown --kind …").
            console.printError(failure.exitCode == .usage && failure.message.hasPrefix("restorectl ") ? failure.message : "restorectl: \(failure.message)")
            return failure.exitCode.rawValue
        }
    }
}
