extension DemoCommand {
    /// The options of `restorectl demo`.
    struct Options: ParsableOptions {
        /// `nil` for the default database.
        @Option(name: "db", valueName: "PATH", help: "The state database file (default: in the user's state folder).")
        var database: String?
        @Flag(.json) var json: Bool
    }
}
