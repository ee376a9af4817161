import StateRestore

extension RestoreCommand {
    /// `restorectl restore --db PATH --scene ID [--account A] [--kind K] [--formats DIR] [--document FILE] [--json]`.
    struct Options: ParsableOptions {
        /// `--db PATH --scene ID [--account A] [--kind K] [--formats DIR] [--document FILE] [--json]`.
        enum Option: DeclaredOption {
            /// `--db PATH`, required.
            case db
            /// `--scene ID`, required.
            case scene
            /// `--account A`.
            case account
            /// `--kind K`.
            case kind
            /// `--formats DIR`: an app's kinds.
            case formats
            /// `--document FILE`: the data to reconcile against, for the built-in kinds.
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
                case .formats: CommandTable.formats
                case .document: .value("document", valueName: "FILE", help: "The current data to reconcile against (JSON); required for the built-in kinds.")
                case .json: CommandTable.json
                }
            }
        }

        /// `--db`.
        let database: String
        /// `--scene` and `--account`, validated (a bad name is exit 65).
        let key: SceneKey
        /// `--kind`, `catalog` when absent: resolved when the command runs, among the built-in
        /// kinds and those of `--formats` (``KindOption/kind(named:among:formats:commandPath:)``).
        let kind: String?
        /// `--formats`: the app's format folders, read when the command runs.
        let formats: String?
        /// `--document`: required for the built-in kinds, refused for an app's.
        let documentFile: String?
        /// `--json`.
        let json: Bool

        init(parsing command: OptionReader<Self>) throws {
            database = try command.requiredString(.db)
            key = try InputFiles.sceneKey(scene: command.requiredString(.scene), account: command.string(.account), stored: true)
            kind = try command.string(.kind)
            formats = try command.string(.formats)
            documentFile = try command.string(.document)
            json = try command.flag(.json)
        }
    }
}
