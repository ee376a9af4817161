/// The options of the commands that take only `--db PATH [--json]`: `check`, `status` and
/// `quarantine list`.
struct DatabaseOptions: ParsableOptions {
    /// `--db`: the state database file.
    let database: String
    /// `--json`: print the result as JSON.
    let json: Bool

    init(parsing command: ParsedCommand) throws {
        database = try command.requiredString(CommandTable.db)
        json = try command.flag(CommandTable.json)
    }
}
