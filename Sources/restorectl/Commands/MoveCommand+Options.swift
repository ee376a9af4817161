extension MoveCommand {
    /// `restorectl move --db PATH --to NEW`.
    struct Options: ParsableOptions {
        /// `--db PATH --to NEW`.
        enum Option: DeclaredOption {
            /// `--db PATH`, required.
            case db
            /// `--to NEW`, required.
            case to

            /// The shared `--db`, and `move`'s required `--to`.
            var spec: OptionSpec {
                switch self {
                case .db: CommandTable.db
                case .to: .value("to", valueName: "NEW", help: "The new path; nothing may exist there.", isRequired: true, completion: .files)
                }
            }
        }

        /// `--db`.
        let database: String
        /// `--to`.
        let destination: String

        init(parsing command: OptionReader<Self>) throws {
            database = try command.requiredString(.db)
            destination = try command.requiredString(.to)
        }
    }
}
