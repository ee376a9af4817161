import ScreenKinds
import StateRestore

extension InspectCommand {
    /// `restorectl inspect --db PATH [--kind K] [--json]`.
    struct Options: ParsableOptions {
        /// `--db`.
        let database: String
        /// `--kind`, or `nil` for every kind (unlike the commands where it defaults to catalog).
        let kind: RecordKind?
        /// `--json`.
        let json: Bool

        init(parsing command: ParsedCommand) throws {
            database = try command.requiredString(CommandTable.db)
            kind = try command.string(CommandTable.kind) == nil ? nil : try KindOption.kind(command)
            json = try command.flag(CommandTable.json)
        }
    }
}
