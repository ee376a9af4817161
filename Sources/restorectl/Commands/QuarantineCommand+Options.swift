extension QuarantineCommand {
    /// `restorectl quarantine restore --db PATH --id N [--replace]`.
    struct RestoreOptions: ParsableOptions {
        /// `--db PATH --id N [--replace]`.
        enum Option: DeclaredOption {
            /// `--db PATH`, required.
            case db
            /// `--id N`, required.
            case id
            /// `--replace`.
            case replace

            /// The shared `--db` and `--id`, and `restore`'s own `--replace`.
            var spec: OptionSpec {
                switch self {
                case .db: CommandTable.db
                case .id: QuarantineCommand.id
                case .replace: .flag("replace", help: "Replace the scene's current record.")
                }
            }
        }

        /// `--db`.
        let database: String
        /// `--id`: the quarantine entry.
        let id: Int64
        /// `--replace`.
        let replaces: Bool

        init(parsing command: OptionReader<Self>) throws {
            database = try command.requiredString(.db)
            id = Int64(try command.requiredInt(.id))
            replaces = try command.flag(.replace)
        }
    }

    /// `restorectl quarantine drop --db PATH --id N`.
    struct DropOptions: ParsableOptions {
        /// `--db PATH --id N`.
        enum Option: DeclaredOption {
            /// `--db PATH`, required.
            case db
            /// `--id N`, required.
            case id

            /// The shared `--db` and `--id`.
            var spec: OptionSpec {
                switch self {
                case .db: CommandTable.db
                case .id: QuarantineCommand.id
                }
            }
        }

        /// `--db`.
        let database: String
        /// `--id`: the quarantine entry.
        let id: Int64

        init(parsing command: OptionReader<Self>) throws {
            database = try command.requiredString(.db)
            id = Int64(try command.requiredInt(.id))
        }
    }
}
