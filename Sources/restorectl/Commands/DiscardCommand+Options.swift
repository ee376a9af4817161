import StateRestore

extension DiscardCommand {
    /// `restorectl discard --db PATH --scene ID [--account A]`.
    struct Options: ParsableOptions {
        /// `--db PATH --scene ID [--account A]`.
        enum Option: DeclaredOption {
            /// `--db PATH`, required.
            case db
            /// `--scene ID`, required.
            case scene
            /// `--account A`: only that account's scene.
            case account

            /// The shared `--db` and `--scene`, and an `--account` that defaults to every account.
            var spec: OptionSpec {
                switch self {
                case .db: CommandTable.db
                case .scene: CommandTable.scene
                case .account: .value("account", valueName: "A", help: "Only this account's scene (default: the scene in every account).")
                }
            }
        }

        /// `--db`.
        let database: String
        /// `--scene`, validated (a bad name is exit 65).
        let scene: String
        /// `--account`, validated; nil for every account.
        let account: String?

        init(parsing command: OptionReader<Self>) throws {
            database = try command.requiredString(.db)
            let account = try command.string(.account)
            let key = try InputFiles.sceneKey(scene: command.requiredString(.scene), account: account, stored: true)
            scene = key.scene
            self.account = account.map { _ in key.account }
        }
    }
}
