extension QuarantineCommand {
    /// `--replace`, for `quarantine restore`.
    static let replace = OptionSpec.flag("replace", help: "Replace the scene's current record.")

    /// `restorectl quarantine restore --db PATH --id N [--replace]`.
    struct RestoreOptions: ParsableOptions {
        /// `--db`.
        let database: String
        /// `--id`: the quarantine entry.
        let id: Int64
        /// `--replace`.
        let replaces: Bool

        init(parsing command: ParsedCommand) throws {
            database = try command.requiredString(CommandTable.db)
            id = try QuarantineCommand.entryID(command)
            replaces = try command.flag(QuarantineCommand.replace)
        }
    }

    /// `restorectl quarantine drop --db PATH --id N`.
    struct DropOptions: ParsableOptions {
        /// `--db`.
        let database: String
        /// `--id`: the quarantine entry.
        let id: Int64

        init(parsing command: ParsedCommand) throws {
            database = try command.requiredString(CommandTable.db)
            id = try QuarantineCommand.entryID(command)
        }
    }

    /// `--id` as an integer (required, so the parser has checked it was given).
    private static func entryID(_ command: ParsedCommand) throws -> Int64 {
        guard let id = try command.int(QuarantineCommand.id) else {
            throw UsageError(command: command.commandName, kind: .missingRequiredOption(QuarantineCommand.id.spelling))
        }
        return Int64(id)
    }
}
