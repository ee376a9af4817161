extension SaveCommand {
    /// The options of `restorectl save`.
    struct Options: ParsableOptions {
        /// `--db`, `--scene`, `--account` (names for a new write), `--kind` and `--formats`.
        let record = RecordOptions(namesMayBeStored: false)
        /// A file, or `-` for standard input.
        @Option(name: "state", valueName: "FILE|-", help: "The record to store (- reads standard input).") var stateFile: String
        @Flag(name: "replace-newer", help: "Replace a stored record of a newer format than this build reads.") var replacesNewer: Bool

        func validate() throws {
            _ = try record.key
        }
    }
}
