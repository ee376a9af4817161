import Foundation
import StateRestore
import StateStore

/// `restorectl quarantine list|restore|drop`: act deliberately on records moved aside.
enum QuarantineCommand {
    static let id = OptionSpec.value("id", valueName: "N", help: "The quarantine entry (see quarantine list).", isRequired: true)

    static let spec = CommandSpec(
        name: "quarantine",
        abstract: "List, restore or drop records moved to the quarantine.",
        subcommands: [
            CommandSpec(name: "list", abstract: "List quarantined records with their errors.", options: [CommandTable.db, CommandTable.json]),
            CommandSpec(
                name: "restore",
                abstract: "Move a quarantined record back to its scene.",
                discussion: "Refuses to replace a record saved since, unless --replace is given.",
                options: [CommandTable.db, id, .flag("replace", help: "Replace the scene's current record.")]
            ),
            CommandSpec(name: "drop", abstract: "Delete a quarantined record for good.", options: [CommandTable.db, id]),
        ]
    )

    static func list(_ command: ParsedCommand, console: Console) throws -> ExitCode {
        let store = try StateDatabase.openForReading(try command.requiredString("db"))
        defer { store.close() }
        let entries = try store.quarantinedRecords()
        if command.flag("json") {
            JSONOutput.print(.array(entries.map(json)), to: console)
        } else if entries.isEmpty {
            console.print("The quarantine is empty.")
        } else {
            entries.forEach { console.print(line($0)) }
        }
        return .success
    }

    static func restore(_ command: ParsedCommand, console: Console) throws -> ExitCode {
        let store = try existingWritableStore(command)
        defer { store.close() }
        let id = try entryID(command)
        try store.restoreQuarantinedRecord(id: id, replacing: command.flag("replace"))
        console.print("Restored quarantined record \(id) to its scene.")
        return .success
    }

    static func drop(_ command: ParsedCommand, console: Console) throws -> ExitCode {
        let store = try existingWritableStore(command)
        defer { store.close() }
        let id = try entryID(command)
        try store.dropQuarantinedRecord(id: id)
        console.print("Dropped quarantined record \(id).")
        return .success
    }

    static func json(_ entry: QuarantinedRecord) -> JSONValue {
        .object([
            "id": .integer(entry.id), "account": .string(entry.account), "scene": .string(entry.scene), "kind": .string(entry.kind),
            "version": JSONOutput.optionalInt(entry.version), "size": JSONOutput.int(entry.payload.count),
            "reason": .string(entry.reason.rawValue), "error": .string(entry.error),
            "quarantinedAt": .string(Timestamps.iso8601(entry.quarantinedAt)),
        ])
    }

    static func line(_ entry: QuarantinedRecord) -> String {
        "#\(entry.id)\t\(entry.account)\t\(entry.scene)\t\(entry.kind)\t\(entry.reason.rawValue)\t\(entry.payload.count) B\t\(entry.error)"
    }

    private static func entryID(_ command: ParsedCommand) throws -> Int64 {
        guard let id = try command.int("id") else { throw CommandFailure(.usage, "missing --id") }
        return Int64(id)
    }

    private static func existingWritableStore(_ command: ParsedCommand) throws -> Store {
        let path = try command.requiredString("db")
        guard FileManager.default.fileExists(atPath: path) else { throw CommandFailure(.noInput, "\(path): no such database file") }
        return try StateDatabase.openForWriting(path)
    }
}
