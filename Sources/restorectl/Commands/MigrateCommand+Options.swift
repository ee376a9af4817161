extension MigrateCommand {
    /// `restorectl migrate --db PATH [--to N] [--dry-run] [--json]`.
    struct Options: ParsableOptions {
        /// `--db PATH [--to N] [--dry-run] [--json]`.
        enum Option: DeclaredOption {
            /// `--db PATH`, required.
            case db
            /// `--to N`: the schema version to stop at.
            case to
            /// `--dry-run`.
            case dryRun
            /// `--json`.
            case json

            /// The shared `--db` and `--json`, and `migrate`'s own `--to` and `--dry-run`.
            var spec: OptionSpec {
                switch self {
                case .db: CommandTable.db
                case .to: .value("to", valueName: "N", help: "Migrate up to schema version N (default: the latest).")
                case .dryRun: .flag("dry-run", help: "Print the migrations that would run; change nothing.")
                case .json: CommandTable.json
                }
            }
        }

        /// `--db`.
        let database: String
        /// `--to`, or `nil` for the latest version.
        let target: Int?
        /// `--dry-run`.
        let isDryRun: Bool
        /// `--json`.
        let json: Bool

        init(parsing command: OptionReader<Self>) throws {
            database = try command.requiredString(.db)
            target = try command.int(.to)
            isDryRun = try command.flag(.dryRun)
            json = try command.flag(.json)
        }
    }
}
