import ScreenKinds
import StateRestore
import StateStore

extension ShelfCommand {
    /// `--snapshot FILE|-`, for `shelf save`.
    static let snapshot = OptionSpec.value("snapshot", valueName: "FILE|-", help: "The snapshot to store (- reads standard input).", isRequired: true)

    /// `restorectl shelf save --db PATH --shelf NAME [--account A] --snapshot FILE|-`.
    struct SaveOptions: ParsableOptions {
        /// `--db`.
        let database: String
        /// `--shelf`, validated.
        let shelf: String
        /// `--account`, validated; `default` when absent.
        let account: String
        /// `--snapshot`: a file, or `-` for standard input.
        let snapshotFile: String

        init(parsing command: ParsedCommand) throws {
            database = try command.requiredString(CommandTable.db)
            (shelf, account) = try ShelfCommand.names(command)
            snapshotFile = try command.requiredString(ShelfCommand.snapshot)
        }
    }

    /// `restorectl shelf restore --db PATH --shelf NAME [--account A] [--json]`.
    struct RestoreOptions: ParsableOptions {
        /// `--db`.
        let database: String
        /// `--shelf`, validated.
        let shelf: String
        /// `--account`, validated; `default` when absent.
        let account: String
        /// `--json`.
        let json: Bool

        init(parsing command: ParsedCommand) throws {
            database = try command.requiredString(CommandTable.db)
            (shelf, account) = try ShelfCommand.names(command)
            json = try command.flag(CommandTable.json)
        }
    }

    /// `restorectl shelf list --db PATH [--account A] [--json]`.
    struct ListOptions: ParsableOptions {
        /// `--db`.
        let database: String
        /// `--account` as given, or `nil` for every account.
        let account: String?
        /// `--json`.
        let json: Bool

        init(parsing command: ParsedCommand) throws {
            database = try command.requiredString(CommandTable.db)
            account = try command.string(CommandTable.account)
            json = try command.flag(CommandTable.json)
        }
    }

    /// `--shelf` and `--account` (default `default`), validated; a bad name is exit 65.
    private static func names(_ command: ParsedCommand) throws -> (shelf: String, account: String) {
        do {
            return (
                try StoreNames.validated(try command.requiredString(shelf), role: "shelf"),
                try StoreNames.validated(try command.string(CommandTable.account) ?? StoreNames.defaultAccount, role: "account")
            )
        } catch let error as StoreError {
            throw CommandFailure(.dataError, error.localizedDescription)
        }
    }
}
