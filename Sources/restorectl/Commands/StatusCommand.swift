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
        // A newer release's file is read further only when it records that this build may.
        let totals = status.readableBy > status.latestVersion ? [] : try StateDatabase.recordTotals(path)
        if options.json {
            let object: JSONObject = [
                "db": .string(path),
                "schemaVersion": .integer(Int64(status.schemaVersion)),
                "latestVersion": .integer(Int64(status.latestVersion)),
                "readableBy": .integer(Int64(status.readableBy)),
                "writableBy": .integer(Int64(status.writableBy)),
                "applied": .array(
                    status.applied.map { applied in
                        .object([
                            "version": .integer(Int64(applied.version)), "name": .string(applied.name),
                            "checksum": .string(applied.checksum), "appliedAt": .string(applied.appliedAt), "ok": .bool(applied.isIntact),
                            "newer": .bool(applied.isNewer),
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
        console.print("  readable by schema \(status.readableBy) and later, writable by schema \(status.writableBy) and later")
        for applied in status.applied {
            let state = applied.isNewer ? "newer release" : applied.isIntact ? "ok" : "CHECKSUM MISMATCH"
            console.print("  applied  \(applied.name)  \(applied.appliedAt)  \(state)")
        }
        for pending in status.pending { console.print("  pending  \(pending.name)") }
        if status.isNewer {
            let use =
                status.writableBy <= status.latestVersion
                ? "this build reads and writes it, never migrates it"
                : status.readableBy <= status.latestVersion ? "this build reads it without writing" : "this build reads nothing from it"
            console.print("  written by a newer release: \(use)")
        }
        for total in totals {
            console.print("  size     account \(StoreNames.quoted(total.account))  \(total.kind)  \(total.records) record(s)  \(total.bytes) bytes")
        }
        return .success
    }
}
