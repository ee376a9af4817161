extension DemoCommand {
    /// `--db PATH`, optional for `demo`: the default is in the user's state folder.
    static let db = OptionSpec.value("db", valueName: "PATH", help: "The state database file (default: in the user's state folder).")

    /// `restorectl demo [--db PATH] [--json]`.
    struct Options: ParsableOptions {
        /// `--db`, or `nil` for the default database.
        let database: String?
        /// `--json`.
        let json: Bool

        init(parsing command: ParsedCommand) throws {
            database = try command.string(DemoCommand.db)
            json = try command.flag(CommandTable.json)
        }
    }
}
