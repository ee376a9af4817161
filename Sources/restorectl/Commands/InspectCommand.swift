import Foundation
import JSON
import ScreenKinds
import StateRestore
import StateStore

/// `restorectl inspect`: every record with its version, size, time and decodability, plus the
/// quarantine and shelf snapshots. Never writes.
enum InspectCommand {
    static let spec = CommandSpec(
        name: "inspect",
        abstract: "List every record (of one kind with --kind), quarantined record and shelf snapshot; never modifies the file.",
        action: .parsing(run)
    )

    static func run(_ options: Options, console: Console) throws -> ExitCode {
        let path = options.database
        let kind = options.kind?.name
        let store = try StateDatabase.openForReading(path)
        defer { store.close() }
        let inspector = RecordInspector(kinds: RecordKind.builtIn)
        var records: [JSONValue] = []
        var lines: [String] = []
        try store.forEachRecord { record in
            if let kind, record.kind != kind { return }
            let condition = inspector.condition(of: record)
            let decodable = (status: condition.status, detail: condition.detail)
            records.append(
                .object([
                    "account": .string(record.account), "scene": .string(record.scene), "kind": .string(record.kind),
                    "version": JSONOutput.int(record.version), "size": JSONOutput.int(record.payload.count),
                    "updatedAt": .string(Timestamps.iso8601(record.updatedAt)),
                    "decodable": .string(decodable.status), "detail": decodable.detail.map(JSONValue.string) ?? .null,
                ]))
            lines.append(
                "  \(record.account)\t\(record.scene)\t\(record.kind)\tv\(record.version)\t\(record.payload.count) B\t\(Timestamps.iso8601(record.updatedAt))\t\(decodable.status)\(decodable.detail.map { ": \($0)" } ?? "")"
            )
        }
        let quarantined = try store.quarantinedRecords()
        let snapshots = try store.shelfSnapshots()
        if options.json {
            JSONOutput.print(
                .object([
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
}
