extension InspectCommand {
    /// `restorectl inspect --db PATH [--kind K] [--formats DIR] [--json]`.
    struct Options: ParsableOptions {
        /// `--db PATH [--kind K] [--formats DIR] [--json]`.
        enum Option: DeclaredOption {
            /// `--db PATH`, required.
            case db
            /// `--kind K`.
            case kind
            /// `--formats DIR`.
            case formats
            /// `--json`.
            case json

            /// The shared `--db`, `--kind`, `--formats` and `--json`.
            var spec: OptionSpec {
                switch self {
                case .db: CommandTable.db
                case .kind: CommandTable.kind
                case .formats: CommandTable.formats
                case .json: CommandTable.json
                }
            }
        }

        /// `--db`.
        let database: String
        /// `--kind`, or `nil` for every kind (unlike the commands where it defaults to catalog): a
        /// kind name, known to the tool or not (an unknown kind's records are shown raw).
        let kind: String?
        /// `--formats`: the app's format folders, read when the command runs.
        let formats: String?
        /// `--json`.
        let json: Bool

        init(parsing command: OptionReader<Self>) throws {
            database = try command.requiredString(.db)
            kind = try command.string(.kind).map { try KindOption.validName($0, commandPath: command.path) }
            formats = try command.string(.formats)
            json = try command.flag(.json)
        }
    }
}
