import Foundation
import JSON
import ScreenKinds
import StateRestore
import StateStore

/// `restorectl inspect`: every record with its version, size, time and decodability, plus the
/// quarantine and shelf snapshots. Never writes. With `--kind K`, a record the tool cannot
/// decode (its kind is unknown: an app's kind without `--formats`) is also shown raw.
enum InspectCommand {
    static let spec = CommandSpec(
        name: "inspect",
        abstract: "List every record (of one kind with --kind), quarantined record and shelf snapshot; never modifies the file.",
        discussion:
            "With --kind, records of a kind the tool does not know are shown raw (as stored); with --formats, an app's kinds are decoded against their recorded shapes and defaults.",
        action: .parsing(run)
    )

    static func run(_ options: Options, console: Console) throws -> ExitCode {
        let path = options.database
        let kind = options.kind
        let kinds = try FormatsOption.kinds(in: options.formats)
        let store = try StateDatabase.openForReading(path)
        defer { store.close() }
        var records: [JSONValue] = []
        var lines: [String] = []
        try RecordKind.inspectRecords(in: store, kinds: kinds, only: kind) { record, condition, _ in
            var fields: JSONObject = [
                "account": .string(record.account), "scene": .string(record.scene), "kind": .string(record.kind),
                "version": JSONOutput.int(record.version), "size": JSONOutput.int(record.payload.count),
                "updatedAt": .string(Timestamps.iso8601(record.updatedAt)),
                "decodable": .string(condition.status), "detail": condition.detail.map(JSONValue.string) ?? .null,
            ]
            lines.append(
                "  \(record.account.escapingControlCharacters())\t\(record.scene.escapingControlCharacters())\t\(record.kind)\tv\(record.version)\t\(record.payload.count) B\t\(Timestamps.iso8601(record.updatedAt))\t\(condition.status)\(condition.detail.map { ": \($0)" } ?? "")"
            )
            // Asked for by kind and not decodable by the tool: the record itself is all there is to show.
            if kind != nil && condition == .unknownKind {
                let raw = String(decoding: record.payload, as: UTF8.self)
                fields["raw"] = .string(raw)
                lines.append("    raw: \(raw.escapingControlCharacters())")
            }
            records.append(.object(fields))
        }
        let quarantined = try store.quarantinedRecords()
        let snapshots = try store.snapshots()
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
