extension MigrateCommand {
    /// `--to N`: the schema version to stop at.
    static let to = OptionSpec.value("to", valueName: "N", help: "Migrate up to schema version N (default: the latest).")
    /// `--dry-run`.
    static let dryRun = OptionSpec.flag("dry-run", help: "Print the migrations that would run; change nothing.")

    /// `restorectl migrate --db PATH [--to N] [--dry-run] [--json]`.
    struct Options: ParsableOptions {
        /// `--db`.
        let database: String
        /// `--to`, or `nil` for the latest version.
        let target: Int?
        /// `--dry-run`.
        let isDryRun: Bool
        /// `--json`.
        let json: Bool

        init(parsing command: ParsedCommand) throws {
            database = try command.requiredString(CommandTable.db)
            target = try command.int(MigrateCommand.to)
            isDryRun = try command.flag(MigrateCommand.dryRun)
            json = try command.flag(CommandTable.json)
        }
    }
}
