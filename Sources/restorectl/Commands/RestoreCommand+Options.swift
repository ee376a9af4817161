import ScreenKinds
import StateRestore

extension RestoreCommand {
    /// `restorectl restore --db PATH --scene ID [--account A] [--kind K] --document FILE [--json]`.
    struct Options: ParsableOptions {
        /// `--db PATH --scene ID [--account A] [--kind K] --document FILE [--json]`.
        enum Option: DeclaredOption {
            /// `--db PATH`, required.
            case db
            /// `--scene ID`, required.
            case scene
            /// `--account A`.
            case account
            /// `--kind K`.
            case kind
            /// `--document FILE`: the data to reconcile against.
            case document
            /// `--json`.
            case json

            /// The shared options, and `restore`'s own `--document`.
            var spec: OptionSpec {
                switch self {
                case .db: CommandTable.db
                case .scene: CommandTable.scene
                case .account: CommandTable.account
                case .kind: CommandTable.kind
                case .document: .value("document", valueName: "FILE", help: "The current data to reconcile against (JSON).", isRequired: true)
                case .json: CommandTable.json
                }
            }
        }

        /// `--db`.
        let database: String
        /// `--scene` and `--account`, validated (a bad name is exit 65).
        let key: SceneKey
        /// `--kind`, `catalog` when absent.
        let kind: RecordKind
        /// `--document`.
        let documentFile: String
        /// `--json`.
        let json: Bool

        init(parsing command: OptionReader<Self>) throws {
            database = try command.requiredString(.db)
            key = try InputFiles.sceneKey(scene: command.requiredString(.scene), account: command.string(.account))
            kind = try KindOption.kind(named: command.string(.kind), commandPath: command.path)
            documentFile = try command.requiredString(.document)
            json = try command.flag(.json)
        }
    }
}
