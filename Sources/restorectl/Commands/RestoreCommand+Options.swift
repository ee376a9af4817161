import ScreenKinds
import StateRestore

extension RestoreCommand {
    /// `--document FILE`: the data to reconcile against.
    static let document = OptionSpec.value("document", valueName: "FILE", help: "The current data to reconcile against (JSON).", isRequired: true)

    /// `restorectl restore --db PATH --scene ID [--account A] [--kind K] --document FILE [--json]`.
    struct Options: ParsableOptions {
        /// `--db`.
        let database: String
        /// `--scene` and `--account`, validated (a bad name is exit 65).
        let key: SceneKey
        /// `--kind`, `catalog` when absent.
        let kind: RecordKind
        /// `--document`.
        let documentFile: String
        /// `--json`.
        let json: Bool

        init(parsing command: ParsedCommand) throws {
            database = try command.requiredString(CommandTable.db)
            key = try InputFiles.sceneKey(command)
            kind = try KindOption.kind(command)
            documentFile = try command.requiredString(RestoreCommand.document)
            json = try command.flag(CommandTable.json)
        }
    }
}
