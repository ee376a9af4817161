import StateRestore

extension RestoreCommand {
    /// The options of `restorectl restore`.
    struct Options: ParsableOptions {
        /// `--db`, `--scene`, `--account` (names an older build may have stored), `--kind` and
        /// `--formats`.
        let record = RecordOptions(namesMayBeStored: true)
        /// Required for the built-in kinds, refused for an app's.
        @Option(name: "document", valueName: "FILE", help: "The current data to reconcile against (JSON); required for the built-in kinds.") var documentFile: String?
        /// Another device's portable record (`restorectl portable`'s output) to land instead of
        /// the stored record.
        @Option(name: "portable", valueName: "FILE", help: "Show what landing this portable record (restorectl portable's output) would restore.")
        var portableFile: String?
        @Flag(.json) var json: Bool

        func validate() throws {
            _ = try record.key
        }
    }
}
