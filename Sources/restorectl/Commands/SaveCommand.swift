import Foundation
import StateRestore
import StateStore

/// `restorectl save`: validate a view-state record and store it for a window.
enum SaveCommand {
    static let spec = CommandSpec(
        name: "save",
        abstract: "Validate a view-state record and store it for a window.",
        discussion: """
            The record is a JSON object in any format version; records of versions this build knows must have \
            their fields' types and ranges, newer ones are stored as they are. Anything else exits 65 and writes nothing.
            """,
        options: [
            CommandTable.db, CommandTable.scene, CommandTable.account,
            .value("state", valueName: "FILE|-", help: "The record to store (- reads standard input).", isRequired: true),
            .flag("replace-newer", help: "Replace a stored record of a newer format than this build reads."),
        ]
    )

    static func run(_ command: ParsedCommand, console: Console) throws -> ExitCode {
        let path = try command.requiredString("db")
        let key = try InputFiles.sceneKey(command)
        let stateFile = try command.requiredString("state")
        let record = try InputFiles.read(stateFile, console: console, what: "state", decodingAs: "record") {
            try CatalogRecordCodec.validateForSave($0)
        }
        let store = try WritableDatabase.open(path)
        defer { store.close() }
        // A newer record given on purpose may replace another newer one.
        let replacingNewer = command.flag("replace-newer") || record.version > CatalogRecord.currentVersion
        do {
            try store.save(record, for: key, replacingNewer: replacingNewer)
        } catch let error as RestoreError {
            throw CommandFailure(.dataError, error.localizedDescription)
        }
        console.print("Saved format \(record.version) record (\(record.payload.utf8.count) bytes) for \(key).")
        return .success
    }
}
