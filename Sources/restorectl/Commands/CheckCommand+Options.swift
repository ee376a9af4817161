extension CheckCommand {
    /// The options of `restorectl check`.
    struct Options: ParsableOptions {
        @Option(.database) var database: String
        /// The app's format folders, read when the command runs.
        @Option(.formats) var formats: String?
        @Flag(.json) var json: Bool
    }
}
