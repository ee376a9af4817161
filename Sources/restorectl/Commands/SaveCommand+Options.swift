import ScreenKinds
import StateRestore

extension SaveCommand {
    /// `--state FILE|-`: the record to store.
    static let state = OptionSpec.value("state", valueName: "FILE|-", help: "The record to store (- reads standard input).", isRequired: true)
    /// `--replace-newer`.
    static let replaceNewer = OptionSpec.flag("replace-newer", help: "Replace a stored record of a newer format than this build reads.")

    /// `restorectl save --db PATH --scene ID [--account A] [--kind K] --state FILE|- [--replace-newer]`.
    struct Options: ParsableOptions {
        /// `--db`.
        let database: String
        /// `--scene` and `--account`, validated (a bad name is exit 65).
        let key: SceneKey
        /// `--kind`, `catalog` when absent.
        let kind: RecordKind
        /// `--state`: a file, or `-` for standard input.
        let stateFile: String
        /// `--replace-newer`.
        let replacesNewer: Bool

        init(parsing command: ParsedCommand) throws {
            database = try command.requiredString(CommandTable.db)
            key = try InputFiles.sceneKey(command)
            kind = try KindOption.kind(command)
            stateFile = try command.requiredString(SaveCommand.state)
            replacesNewer = try command.flag(SaveCommand.replaceNewer)
        }
    }
}
