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
        @Option(
            name: "expect", valueName: "FILE",
            help: "An expectations file (one --record wrote): exit 1 and print the difference when a scene's outcome differs.",
            completion: .files)
        var expectFile: String?
        @Option(
            name: "record", valueName: "FILE", help: "Write each scene's outcome to this expectations file (the database stays read-only).",
            completion: .files)
        var recordFile: String?
        @Flag(.json) var json: Bool
    }
}
