import Foundation
import JSON
import ScreenKinds
import StateRestore
import StateStore

/// `restorectl status`: the schema version, applied and pending migrations, and the records'
/// size by account and kind. Never creates a file.
enum StatusCommand {
    static let spec = CommandSpec(
        name: "status",
        abstract: "Show the database's schema version, applied and pending migrations, and its size by account and kind.",
        discussion: "Never creates or changes the file; a missing database exits 66.",
        action: .parsing(run)
    )

    static func run(_ options: DatabaseOptions, console: Console) throws -> ExitCode {
        let path = options.database
        let status = try StateDatabase.schemaStatus(path)
        // A newer release's file is not read any further.
        let totals = status.isNewer ? [] : try StateDatabase.recordTotals(path)
        if options.json {
            let object: JSONObject = [
                "db": .string(path),
                "schemaVersion": .integer(Int64(status.schemaVersion)),
                "latestVersion": .integer(Int64(status.latestVersion)),
                "applied": .array(
                    status.applied.map { applied in
                        .object([
                            "version": .integer(Int64(applied.version)), "name": .string(applied.name),
                            "checksum": .string(applied.checksum), "appliedAt": .string(applied.appliedAt), "ok": .bool(applied.isIntact),
                        ])
                    }),
                "pending": .array(status.pending.map { .object(["version": .integer(Int64($0.version)), "name": .string($0.name)]) }),
                "sizes": .array(
                    totals.map { total in
                        .object([
                            "account": .string(total.account), "kind": .string(total.kind),
                            "records": .integer(Int64(total.records)), "bytes": .integer(Int64(total.bytes)),
                        ])
                    }),
            ]
            console.print(JSONValue.object(object).encoded(pretty: true))
            return .success
        }
        console.print("\(path): schema version \(status.schemaVersion) of \(status.latestVersion)")
        for applied in status.applied {
            console.print("  applied  \(applied.name)  \(applied.appliedAt)  \(applied.isIntact ? "ok" : "CHECKSUM MISMATCH")")
        }
        for pending in status.pending { console.print("  pending  \(pending.name)") }
        if status.isNewer { console.print("  written by a newer release: this build reads nothing from it") }
        for total in totals {
            console.print("  size     account \(StoreNames.quoted(total.account))  \(total.kind)  \(total.records) record(s)  \(total.bytes) bytes")
        }
        return .success
    }
}
