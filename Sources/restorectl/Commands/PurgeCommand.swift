import Foundation
import StateRestore
import StateStore

/// `restorectl purge`: delete all of an account's state, leaving no trace in the file.
enum PurgeCommand {
    static let spec = CommandSpec(
        name: "purge",
        abstract: "Delete all of an account's state with secure_delete on, so nothing remains in the file.",
        options: [CommandTable.db, .value("account", valueName: "A", help: "The account to purge.", isRequired: true)]
    )

    static func run(_ command: ParsedCommand, console: Console) throws -> ExitCode {
        let path = try command.requiredString("db")
        let account = try command.requiredString("account")
        guard FileManager.default.fileExists(atPath: path) else { throw CommandFailure(.noInput, "\(path): no such database file") }
        let store = try StateDatabase.openForWriting(path)
        defer { store.close() }
        let result = try store.purge(account: account)
        console.print("Purged account \"\(account)\": \(result.records) record(s), \(result.quarantined) quarantined, \(result.snapshots) shelf snapshot(s).")
        return .success
    }
}
