import ScreenKinds
import StateRestore

/// The command tree: every command's specification, each carrying the action that runs it,
/// and the options several commands share.
enum CommandTable {
    static let db = OptionSpec.value("db", valueName: "PATH", help: "The state database file.", isRequired: true)
    static let scene = OptionSpec.value("scene", valueName: "ID", help: "The window (scene) identifier.", isRequired: true)
    static let account = OptionSpec.value("account", valueName: "A", help: "The account (default: \"default\").")
    static let json = OptionSpec.flag("json", help: "Print the result as JSON.")
    static let kind = OptionSpec.value(
        "kind", valueName: "K",
        help: "The record kind: \(RecordKind.builtIn.map(\.name).joined(separator: ", ")), or an app's kind in --formats (default: catalog).",
        completion: .words(RecordKind.builtIn.map(\.name))
    )
    static let formats = OptionSpec.value(
        "formats", valueName: "DIR", help: "An app's format folders, one per kind (shape-v<N>.json, as StateRestoreTesting records them).", completion: .files
    )

    static let root: CommandSpec = CommandSpec(
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
            DiscardCommand.spec,
            PruneCommand.spec,
            PurgeCommand.spec,
            MoveCommand.spec,
            CompletionsCommand.spec,
        ]
    )

    /// Runs the parsed command with the action its spec carries and returns its exit code;
    /// failures are thrown.
    static func run(_ command: ParsedCommand, console: Console) throws -> ExitCode {
        guard let action = command.spec.action else {
            throw CommandFailure(.software, "internal error: no handler for \(command.path.joined(separator: " "))")
        }
        return try action.run(command, console: console)
    }
}
