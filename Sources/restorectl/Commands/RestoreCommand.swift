import Foundation
import ScreenModels
import StateRestore

/// `restorectl restore`: the launch path. Every database outcome exits 0 with a report.
enum RestoreCommand {
    static let spec = CommandSpec(
        name: "restore",
        abstract: "Restore a window's view state, reconciled against a catalog document.",
        discussion: """
            The document is {"books": [{"id": Int, "title": String}, ...]}. No database outcome fails a restore: \
            a newer, foreign or corrupt database yields the default state and a report saying why.
            """,
        options: [
            CommandTable.db, CommandTable.scene, CommandTable.account,
            .value("document", valueName: "FILE", help: "The current catalog document (JSON).", isRequired: true),
            CommandTable.json,
        ]
    )

    static func run(_ command: ParsedCommand, console: Console) throws -> ExitCode {
        let path = try command.requiredString("db")
        let key = try InputFiles.sceneKey(command)
        let document = try InputFiles.document(try command.requiredString("document"), console: console)
        let restorer = StateRestorer(path: path)
        defer { restorer.close() }
        let restoration = restorer.restore(key, against: document)
        if command.flag("json") {
            JSONOutput.print(JSONOutput.restoration(restoration), to: console)
        } else {
            console.print(Summary.text(for: restoration))
        }
        restorer.completeRestore(key)
        return .success
    }
}
