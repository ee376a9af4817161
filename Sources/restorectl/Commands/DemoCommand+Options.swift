extension DemoCommand {
    /// `restorectl demo [--db PATH] [--json]`.
    struct Options: ParsableOptions {
        /// `[--db PATH] [--json]`.
        enum Option: DeclaredOption {
            /// `--db PATH`, optional for `demo`: the default is in the user's state folder.
            case db
            /// `--json`.
            case json

            /// `demo`'s own `--db`, and the shared `--json`.
            var spec: OptionSpec {
                switch self {
                case .db: .value("db", valueName: "PATH", help: "The state database file (default: in the user's state folder).")
                case .json: CommandTable.json
                }
            }
        }

        /// `--db`, or `nil` for the default database.
        let database: String?
        /// `--json`.
        let json: Bool

        init(parsing command: OptionReader<Self>) throws {
            database = try command.string(.db)
            json = try command.flag(.json)
        }
    }
}
