import ScreenKinds
import StateRestore

extension InspectCommand {
    /// `restorectl inspect --db PATH [--kind K] [--json]`.
    struct Options: ParsableOptions {
        /// `--db PATH [--kind K] [--json]`.
        enum Option: DeclaredOption {
            /// `--db PATH`, required.
            case db
            /// `--kind K`.
            case kind
            /// `--json`.
            case json

            /// The shared `--db`, `--kind` and `--json`.
            var spec: OptionSpec {
                switch self {
                case .db: CommandTable.db
                case .kind: CommandTable.kind
                case .json: CommandTable.json
                }
            }
        }

        /// `--db`.
        let database: String
        /// `--kind`, or `nil` for every kind (unlike the commands where it defaults to catalog).
        let kind: RecordKind?
        /// `--json`.
        let json: Bool

        init(parsing command: OptionReader<Self>) throws {
            database = try command.requiredString(.db)
            kind = try command.string(.kind).map { try KindOption.kind(named: $0, commandPath: command.path) }
            json = try command.flag(.json)
        }
    }
}
