/// The command tree: every command's specification, each carrying the action that runs it.
enum CommandTable {
    static let root: CommandSpec = CommandSpec(
        name: "restorectl",
        abstract: "Persistent state restoration for app screens, backed by SQLite.",
        subcommands: [
            DemoCommand.spec,
            MigrateCommand.spec,
            StatusCommand.spec,
            SaveCommand.spec,
            RestoreCommand.spec,
            PortableCommand.spec,
            CheckCommand.spec,
            InspectCommand.spec,
            QuarantineCommand.spec,
            ShelfCommand.spec,
            DiscardCommand.spec,
            PruneCommand.spec,
            PurgeCommand.spec,
            HistoryCommand.spec,
            RollbackCommand.spec,
            MoveCommand.spec,
            ExportCommand.spec,
            ReplayCommand.spec,
            CompletionsCommand.spec,
        ]
    )

    /// Runs the parsed command with the action its spec carries and returns its exit code;
    /// failures are thrown.
    static func run(_ command: ParsedCommand, console: Console) throws -> ExitCode {
        guard let action = command.spec.action else {
            throw CommandFailure(.software, "internal error: no handler for \(command.path.joined(separator: " "))")
        }
        return try action.run(command, console)
    }
}
