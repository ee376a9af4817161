import StateStore

extension ShelfCommand {
    /// The options of `restorectl shelf save`.
    struct SaveOptions: ParsableOptions {
        @Option(.database) var database: String
        @Option(ShelfCommand.shelf) var shelf: String
        @Option(.account) var account = StoreNames.defaultAccount
        /// A file, or `-` for standard input.
        @Option(name: "snapshot", valueName: "FILE|-", help: "The snapshot to store (- reads standard input).") var snapshotFile: String

        /// The shelf and account are names for a new write (a bad one is exit 65).
        func validate() throws {
            try ShelfCommand.validate(shelf: shelf, account: account)
        }
    }

    /// The options of `restorectl shelf restore`.
    struct RestoreOptions: ParsableOptions {
        @Option(.database) var database: String
        @Option(ShelfCommand.shelf) var shelf: String
        @Option(.account) var account = StoreNames.defaultAccount
        @Flag(.json) var json: Bool

        /// The shelf and account are names an older build may have stored (a bad one is exit 65).
        func validate() throws {
            try ShelfCommand.validate(shelf: shelf, account: account, stored: true)
        }
    }

    /// The options of `restorectl shelf list`.
    struct ListOptions: ParsableOptions {
        @Option(.database) var database: String
        /// As given, or `nil` for every account.
        @Option(.account) var account: String?
        @Flag(.json) var json: Bool
    }

    /// Checks `--shelf` and `--account` for a new write, or (`stored`) by the rule a name an
    /// older build stored meets; a bad name is exit 65.
    private static func validate(shelf: String, account: String, stored: Bool = false) throws {
        let validate = stored ? StoreNames.validatedStored : StoreNames.validated
        do {
            _ = try validate(shelf, "shelf")
            _ = try validate(account, "account")
        } catch {
            throw CommandFailure(.dataError, error.localizedDescription)
        }
    }
}
