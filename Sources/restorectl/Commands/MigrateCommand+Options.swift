extension MigrateCommand {
    /// The options of `restorectl migrate`.
    struct Options: ParsableOptions {
        @Option(.database) var database: String
        /// `nil` for the latest version.
        @Option(name: "to", valueName: "N", help: "Migrate up to schema version N (default: the latest).")
        var target: Int?
        @Flag(name: "dry-run", help: "Print the migrations that would run; change nothing.") var isDryRun: Bool
        @Flag(.json) var json: Bool
    }
}
