extension PurgeCommand {
    /// The options of `restorectl purge`.
    struct Options: ParsableOptions {
        @Option(.database) var database: String
        /// As given: the store validates it.
        @Option(name: "account", valueName: "A", help: "The account to purge.") var account: String
    }
}
