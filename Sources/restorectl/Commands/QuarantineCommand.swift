import Foundation
import JSON
import ScreenKinds
import StateRestore
import StateStore

/// `restorectl quarantine list|restore|drop`: act deliberately on records moved aside.
enum QuarantineCommand {
    /// `--id N`: the entry `restore` and `drop` act on.
    static let entry = OptionDeclaration(name: "id", valueName: "N", help: "The quarantine entry (see quarantine list).")

    static let spec = CommandSpec(
        name: "quarantine",
        abstract: "List, restore or drop records moved to the quarantine.",
        subcommands: [
            CommandSpec(
                name: "list",
                abstract: "List quarantined records with their errors.",
                action: .parsing(list)
            ),
            CommandSpec(
                name: "restore",
                abstract: "Move a quarantined record back to its scene.",
                discussion: "Refuses to replace a record saved since, unless --replace is given.",
                action: .parsing(restore)
            ),
            CommandSpec(
                name: "drop",
                abstract: "Delete a quarantined record for good.",
                action: .parsing(drop)
            ),
        ]
    )

    static func list(_ options: DatabaseOptions, console: Console) throws -> ExitCode {
        let store = try StateDatabase.openForReading(options.database)
        defer { store.close() }
        let entries = try store.quarantinedRecords()
        if options.json {
            JSONOutput.print(.array(entries.map(json)), to: console)
        } else if entries.isEmpty {
            console.print("The quarantine is empty.")
        } else {
            entries.forEach { console.print(line($0)) }
        }
        return .success
    }

    static func restore(_ options: RestoreOptions, console: Console) throws -> ExitCode {
        let id = Int64(options.id)
        try requireEntry(id, in: options.database, vacantUnless: options.replaces)
        let store = try StateDatabase.openExistingForWriting(options.database, upgrading: RecordKind.builtIn, configuration: .tool)
        defer { store.close() }
        try StateDatabase.restoreQuarantinedRecord(id: id, in: store, replacing: options.replaces)
        console.print("Restored quarantined record \(id) to its scene.")
        return .success
    }

    static func drop(_ options: DropOptions, console: Console) throws -> ExitCode {
        let id = Int64(options.id)
        try requireEntry(id, in: options.database)
        let store = try StateDatabase.openExistingForWriting(options.database, upgrading: RecordKind.builtIn, configuration: .tool)
        defer { store.close() }
        try store.dropQuarantinedRecord(id: id)
        console.print("Dropped quarantined record \(id).")
        return .success
    }

    /// Throws `StoreError.quarantineEntryNotFound` unless the quarantine holds `id`, and with
    /// `vacantUnless` false `StoreError.quarantineTargetOccupied` when its scene holds a record
    /// of its kind again, reading only: a refusal leaves an older file exactly as it was (the
    /// open for writing migrates it first). The write checks again in its transaction.
    private static func requireEntry(_ id: Int64, in path: String, vacantUnless replacing: Bool = true) throws {
        let reader = try StateDatabase.openForReadingBeforeWriting(path)
        defer { reader.close() }
        guard let entry = try reader.quarantinedRecords().first(where: { $0.id == id }) else { throw StoreError.quarantineEntryNotFound(id: id) }
        if !replacing, try reader.record(account: entry.account, scene: entry.scene, kind: entry.kind) != nil {
            throw StoreError.quarantineTargetOccupied(id: id, account: entry.account, scene: entry.scene, kind: entry.kind)
        }
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
        "#\(entry.id)\t\(entry.account.escapingControlCharacters())\t\(entry.scene.escapingControlCharacters())\t\(entry.kind)\t\(entry.reason.rawValue)\t\(entry.payload.count) B\t\(entry.error.escapingControlCharacters())"
    }
}
