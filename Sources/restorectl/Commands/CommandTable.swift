import StateRestore

/// Every command's specification and the function that runs it.
enum CommandTable {
    static let db = OptionSpec.value("db", valueName: "PATH", help: "The state database file.", isRequired: true)
    static let scene = OptionSpec.value("scene", valueName: "ID", help: "The window (scene) identifier.", isRequired: true)
    static let account = OptionSpec.value("account", valueName: "A", help: "The account (default: \"default\").")
    static let json = OptionSpec.flag("json", help: "Print the result as JSON.")
    static let kind = OptionSpec.value(
        "kind", valueName: "K",
        help: "The record kind: \(RecordKind.builtIn.map(\.name).joined(separator: ", ")) (default: catalog)."
    )

    static let root = CommandSpec(
        name: "restorectl",
        abstract: "Persistent state restoration for app screens, backed by SQLite.",
        subcommands: [
            DemoCommand.spec,
            MigrateCommand.spec,
            StatusCommand.spec,
            SaveCommand.spec,
            RestoreCommand.spec,
            CheckCommand.spec,
            InspectCommand.spec,
            QuarantineCommand.spec,
            ShelfCommand.spec,
            PurgeCommand.spec,
        ]
    )

    /// Runs the parsed command and returns its exit code; failures are thrown.
    static func run(_ command: ParsedCommand, console: Console) throws -> ExitCode {
        switch command.path {
        case ["demo"]: try DemoCommand.run(command, console: console)
        case ["migrate"]: try MigrateCommand.run(command, console: console)
        case ["status"]: try StatusCommand.run(command, console: console)
        case ["save"]: try SaveCommand.run(command, console: console)
        case ["restore"]: try RestoreCommand.run(command, console: console)
        case ["check"]: try CheckCommand.run(command, console: console)
        case ["inspect"]: try InspectCommand.run(command, console: console)
        case ["quarantine", "list"]: try QuarantineCommand.list(command, console: console)
        case ["quarantine", "restore"]: try QuarantineCommand.restore(command, console: console)
        case ["quarantine", "drop"]: try QuarantineCommand.drop(command, console: console)
        case ["shelf", "save"]: try ShelfCommand.save(command, console: console)
        case ["shelf", "restore"]: try ShelfCommand.restore(command, console: console)
        case ["shelf", "list"]: try ShelfCommand.list(command, console: console)
        case ["purge"]: try PurgeCommand.run(command, console: console)
        default: throw CommandFailure(.software, "internal error: no handler for \(command.path.joined(separator: " "))")
        }
    }
}
