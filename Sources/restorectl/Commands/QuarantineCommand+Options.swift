extension QuarantineCommand {
    /// The options of `restorectl quarantine restore`.
    struct RestoreOptions: ParsableOptions {
        @Option(.database) var database: String
        @Option(QuarantineCommand.entry) var id: Int
        @Flag(name: "replace", help: "Replace the scene's current record.") var replaces: Bool
    }

    /// The options of `restorectl quarantine drop`.
    struct DropOptions: ParsableOptions {
        @Option(.database) var database: String
        @Option(QuarantineCommand.entry) var id: Int
    }
}
