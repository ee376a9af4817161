extension MoveCommand {
    /// The options of `restorectl move`.
    struct Options: ParsableOptions {
        @Option(.database) var database: String
        @Option(name: "to", valueName: "NEW", help: "The new path; nothing may exist there.", completion: .files)
        var destination: String
    }
}
