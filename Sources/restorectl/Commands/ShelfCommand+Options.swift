import ScreenKinds
import StateRestore
import StateStore

extension ShelfCommand {
    /// `restorectl shelf save --db PATH --shelf NAME [--account A] --snapshot FILE|-`.
    struct SaveOptions: ParsableOptions {
        /// `--db PATH --shelf NAME [--account A] --snapshot FILE|-`.
        enum Option: DeclaredOption {
            /// `--db PATH`, required.
            case db
            /// `--shelf NAME`, required.
            case shelf
            /// `--account A`.
            case account
            /// `--snapshot FILE|-`, required.
            case snapshot

            /// The shared options, and `shelf save`'s own `--snapshot`.
            var spec: OptionSpec {
                switch self {
                case .db: CommandTable.db
                case .shelf: ShelfCommand.shelf
                case .account: CommandTable.account
                case .snapshot: .value("snapshot", valueName: "FILE|-", help: "The snapshot to store (- reads standard input).", isRequired: true)
                }
            }
        }

        /// `--db`.
        let database: String
        /// `--shelf`, validated.
        let shelf: String
        /// `--account`, validated; `default` when absent.
        let account: String
        /// `--snapshot`: a file, or `-` for standard input.
        let snapshotFile: String

        init(parsing command: OptionReader<Self>) throws {
            database = try command.requiredString(.db)
            (shelf, account) = try ShelfCommand.names(shelf: command.requiredString(.shelf), account: command.string(.account))
            snapshotFile = try command.requiredString(.snapshot)
        }
    }

    /// `restorectl shelf restore --db PATH --shelf NAME [--account A] [--json]`.
    struct RestoreOptions: ParsableOptions {
        /// `--db PATH --shelf NAME [--account A] [--json]`.
        enum Option: DeclaredOption {
            /// `--db PATH`, required.
            case db
            /// `--shelf NAME`, required.
            case shelf
            /// `--account A`.
            case account
            /// `--json`.
            case json

            /// The shared options.
            var spec: OptionSpec {
                switch self {
                case .db: CommandTable.db
                case .shelf: ShelfCommand.shelf
                case .account: CommandTable.account
                case .json: CommandTable.json
                }
            }
        }

        /// `--db`.
        let database: String
        /// `--shelf`, validated.
        let shelf: String
        /// `--account`, validated; `default` when absent.
        let account: String
        /// `--json`.
        let json: Bool

        init(parsing command: OptionReader<Self>) throws {
            database = try command.requiredString(.db)
            (shelf, account) = try ShelfCommand.names(shelf: command.requiredString(.shelf), account: command.string(.account), stored: true)
            json = try command.flag(.json)
        }
    }

    /// `restorectl shelf list --db PATH [--account A] [--json]`.
    struct ListOptions: ParsableOptions {
        /// `--db PATH [--account A] [--json]`.
        enum Option: DeclaredOption {
            /// `--db PATH`, required.
            case db
            /// `--account A`.
            case account
            /// `--json`.
            case json

            /// The shared options.
            var spec: OptionSpec {
                switch self {
                case .db: CommandTable.db
                case .account: CommandTable.account
                case .json: CommandTable.json
                }
            }
        }

        /// `--db`.
        let database: String
        /// `--account` as given, or `nil` for every account.
        let account: String?
        /// `--json`.
        let json: Bool

        init(parsing command: OptionReader<Self>) throws {
            database = try command.requiredString(.db)
            account = try command.string(.account)
            json = try command.flag(.json)
        }
    }

    /// `--shelf` and `--account` (default `default`) as given, validated for a new write, or
    /// (`stored`) by the rule a name an older build stored meets; a bad name is exit 65.
    private static func names(shelf: String, account: String?, stored: Bool = false) throws -> (shelf: String, account: String) {
        let validate = stored ? StoreNames.validatedStored : StoreNames.validated
        do {
            return (
                try validate(shelf, "shelf"),
                try validate(account ?? StoreNames.defaultAccount, "account")
            )
        } catch {
            throw CommandFailure(.dataError, error.localizedDescription)
        }
    }
}
