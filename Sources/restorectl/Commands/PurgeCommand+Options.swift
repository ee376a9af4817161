extension PurgeCommand {
    /// `restorectl purge --db PATH --account A`.
    struct Options: ParsableOptions {
        /// `--db PATH --account A`.
        enum Option: DeclaredOption {
            /// `--db PATH`, required.
            case db
            /// `--account A`, required for `purge`.
            case account

            /// The shared `--db`, and `purge`'s required `--account`.
            var spec: OptionSpec {
                switch self {
                case .db: CommandTable.db
                case .account: .value("account", valueName: "A", help: "The account to purge.", isRequired: true)
                }
            }
        }

        /// `--db`.
        let database: String
        /// `--account`, as given (the store validates it).
        let account: String

        init(parsing command: OptionReader<Self>) throws {
            database = try command.requiredString(.db)
            account = try command.requiredString(.account)
        }
    }
}
