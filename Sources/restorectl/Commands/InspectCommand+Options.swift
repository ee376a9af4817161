extension InspectCommand {
    /// The options of `restorectl inspect`.
    struct Options: ParsableOptions {
        @Option(.database) var database: String
        /// `nil` for every kind (unlike the commands where it defaults to catalog): a kind name,
        /// known to the tool or not (an unknown kind's records are shown raw).
        @Option(.kindFilter) var kind: String?
        /// The app's format folders, read when the command runs.
        @Option(.formats) var formats: String?
        @Flag(.json) var json: Bool

        /// `--kind` is a kind name (a usage error otherwise).
        func validate() throws {
            if let kind { _ = try KindOption.validName(kind, commandPath: ["inspect"]) }
        }
    }
}
