/// The options of the commands that take only `--db PATH [--json]`: `status` and
/// `quarantine list`.
struct DatabaseOptions: ParsableOptions {
    /// `--db PATH [--json]`.
    enum Option: DeclaredOption {
        /// `--db PATH`, required.
        case db
        /// `--json`.
        case json

        /// The shared `--db` and `--json`.
        var spec: OptionSpec {
            switch self {
            case .db: CommandTable.db
            case .json: CommandTable.json
            }
        }
    }

    /// `--db`: the state database file.
    let database: String
    /// `--json`: print the result as JSON.
    let json: Bool

    init(parsing command: OptionReader<Self>) throws {
        database = try command.requiredString(.db)
        json = try command.flag(.json)
    }
}
