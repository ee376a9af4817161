import Foundation
import StateRestore
import StateStore

/// `restorectl inspect`: every record with its version, size, time and decodability, plus the
/// quarantine and shelf snapshots. Never writes.
enum InspectCommand {
    static let spec = CommandSpec(
        name: "inspect",
        abstract: "List every record, quarantined record and shelf snapshot; never modifies the file.",
        options: [CommandTable.db, CommandTable.json]
    )

    static func run(_ command: ParsedCommand, console: Console) throws -> ExitCode {
        let path = try command.requiredString("db")
        let store = try Store(readingExistingFileAt: path)
        defer { store.close() }
        var records: [JSONValue] = []
        var lines: [String] = []
        try store.forEachRecord { record in
            let decodable = decodability(of: record)
            records.append(.object([
                "account": .string(record.account), "scene": .string(record.scene),
                "version": JSONOutput.int(record.version), "size": JSONOutput.int(record.payload.count),
                "updatedAt": .string(Timestamps.iso8601(record.updatedAt)),
                "decodable": .string(decodable.status), "detail": decodable.detail.map(JSONValue.string) ?? .null,
            ]))
            lines.append("  \(record.account)\t\(record.scene)\tv\(record.version)\t\(record.payload.count) B\t\(Timestamps.iso8601(record.updatedAt))\t\(decodable.status)\(decodable.detail.map { ": \($0)" } ?? "")")
        }
        let quarantined = try store.quarantinedRecords()
        let snapshots = try store.shelfSnapshots()
        if command.flag("json") {
            JSONOutput.print(.object([
                "db": .string(path),
                "schemaVersion": JSONOutput.int(store.schemaVersion),
                "records": .array(records),
                "quarantine": .array(quarantined.map(QuarantineCommand.json)),
                "shelfSnapshots": .array(snapshots.map(ShelfCommand.summaryJSON)),
            ]), to: console)
            return .success
        }
        console.print("\(path): schema version \(store.schemaVersion), \(records.count) record(s)")
        lines.forEach(console.print)
        console.print("quarantine: \(quarantined.count) record(s)")
        for entry in quarantined { console.print("  " + QuarantineCommand.line(entry)) }
        console.print("shelf snapshots: \(snapshots.count)")
        for snapshot in snapshots { console.print("  " + ShelfCommand.summaryLine(snapshot)) }
        return .success
    }

    static func decodability(of record: StoredRecord) -> (status: String, detail: String?) {
        if record.payload.count > Store.maximumRecordBytes { return ("unreadable", "over the 1 MiB limit") }
        switch CatalogRecordCodec.decode(record.payload) {
        case .decoded(_, let provenance):
            return provenance.readThroughMinReaderVersion == nil ? ("yes", nil) : ("yes", "newer format read through minReaderVersion")
        case .newer(let version, _): return ("newer", "format \(version), kept for the release that wrote it")
        case .unreadable(let error): return ("unreadable", error.localizedDescription)
        }
    }
}
