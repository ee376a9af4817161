extension ExportCommand {
    /// The options of `restorectl export`.
    struct Options: ParsableOptions {
        @Option(.database) var database: String
        @Flag(name: "redact", help: "Replace names and strings (required: there is no unredacted export).") var redact: Bool
        @Option(name: "out", valueName: "FILE", help: "The export to write; nothing may exist there.", completion: .files)
        var output: String
        /// The app's format folders: their shapes' listed values are kept.
        @Option(.formats) var formats: String?
        @Flag(.json) var json: Bool
    }
}
