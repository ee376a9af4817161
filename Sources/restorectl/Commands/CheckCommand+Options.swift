extension CheckCommand {
    /// `restorectl check --db PATH [--formats DIR] [--json]`.
    struct Options: ParsableOptions {
        /// `--db PATH [--formats DIR] [--json]`.
        enum Option: DeclaredOption {
            /// `--db PATH`, required.
            case db
            /// `--formats DIR`.
            case formats
            /// `--json`.
            case json

            /// The shared `--db`, `--formats` and `--json`.
            var spec: OptionSpec {
                switch self {
                case .db: CommandTable.db
                case .formats: CommandTable.formats
                case .json: CommandTable.json
                }
            }
        }

        /// `--db`.
        let database: String
        /// `--formats`: the app's format folders, read when the command runs.
        let formats: String?
        /// `--json`.
        let json: Bool

        init(parsing command: OptionReader<Self>) throws {
            database = try command.requiredString(.db)
            formats = try command.string(.formats)
            json = try command.flag(.json)
        }
    }
}
