extension PurgeCommand {
    /// `--account A`, required for `purge`.
    static let account = OptionSpec.value("account", valueName: "A", help: "The account to purge.", isRequired: true)

    /// `restorectl purge --db PATH --account A`.
    struct Options: ParsableOptions {
        /// `--db`.
        let database: String
        /// `--account`, as given (the store validates it).
        let account: String

        init(parsing command: ParsedCommand) throws {
            database = try command.requiredString(CommandTable.db)
            account = try command.requiredString(PurgeCommand.account)
        }
    }
}
