/// Every command's specification and the function that runs it.
enum CommandTable {
    static let db = OptionSpec.value("db", valueName: "PATH", help: "The state database file.", isRequired: true)
    static let json = OptionSpec.flag("json", help: "Print the result as JSON.")

    static let root = CommandSpec(
        name: "restorectl",
        abstract: "Persistent state restoration for app screens, backed by SQLite.",
        subcommands: [
            MigrateCommand.spec,
            StatusCommand.spec,
        ]
    )

    /// Runs the parsed command and returns its exit code; failures are thrown.
    static func run(_ command: ParsedCommand, console: Console) throws -> ExitCode {
        switch command.path {
        case ["migrate"]: try MigrateCommand.run(command, console: console)
        case ["status"]: try StatusCommand.run(command, console: console)
        default: throw CommandFailure(.software, "internal error: no handler for \(command.path.joined(separator: " "))")
        }
    }
}
