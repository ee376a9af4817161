extension ReplayCommand {
    /// The options of `restorectl replay`.
    struct Options: ParsableOptions {
        @Option(.database) var database: String
        /// The app's format folders, read when the command runs.
        @Option(.formats) var formats: String?
        @Option(
            name: "document", valueName: "FILE",
            help: "The current data the built-in kinds are reconciled against (JSON; one document may hold books, notes and choices).")
        var documentFile: String?
        @Flag(.json) var json: Bool
    }
}
