import StateRestore

extension SaveCommand {
    /// `restorectl save --db PATH --scene ID [--account A] [--kind K] [--formats DIR] --state FILE|- [--replace-newer]`.
    struct Options: ParsableOptions {
        /// `--db PATH --scene ID [--account A] [--kind K] [--formats DIR] --state FILE|- [--replace-newer]`.
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
            /// `--state FILE|-`: the record to store.
            case state
            /// `--replace-newer`.
            case replaceNewer

            /// The shared options, and `save`'s own `--state` and `--replace-newer`.
            var spec: OptionSpec {
                switch self {
                case .db: CommandTable.db
                case .scene: CommandTable.scene
                case .account: CommandTable.account
                case .kind: CommandTable.kind
                case .formats: CommandTable.formats
                case .state: .value("state", valueName: "FILE|-", help: "The record to store (- reads standard input).", isRequired: true)
                case .replaceNewer: .flag("replace-newer", help: "Replace a stored record of a newer format than this build reads.")
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
        /// `--state`: a file, or `-` for standard input.
        let stateFile: String
        /// `--replace-newer`.
        let replacesNewer: Bool

        init(parsing command: OptionReader<Self>) throws {
            database = try command.requiredString(.db)
            key = try InputFiles.sceneKey(scene: command.requiredString(.scene), account: command.string(.account))
            kind = try command.string(.kind)
            formats = try command.string(.formats)
            stateFile = try command.requiredString(.state)
            replacesNewer = try command.flag(.replaceNewer)
        }
    }
}
