import Foundation
import JSON
import ScreenKinds
import StateRestore
import StateStore

/// `restorectl export --redact`: a new database a person can send with a report, holding no
/// name and no string of theirs.
enum ExportCommand {
    static let spec = CommandSpec(
        name: "export",
        abstract: "Write a redacted copy of the database, one a person can send with a report.",
        discussion: """
            The copy is a new database, never a copy of pages: laid out by this build's migrations up to the source's schema \
            version, the rows inserted, vacuumed into one file, which appears at --out only when complete. Every account, scene \
            and shelf name becomes a keyed hash under a random key that is written nowhere (equal names stay equal). In every \
            record, history entry, shelf snapshot and quarantined payload that is JSON, each string value and each key becomes a \
            placeholder of as many characters (keys and values share one map: equal strings, equal placeholders); kept are \
            numbers, booleans, structure, version and minReaderVersion, keys of digits, and the field names and listed values \
            (enum values) of the kind's recorded shapes at that position in any of its formats (an app's kinds from --formats; \
            without it every key of an app's kind is replaced, and stderr names those kinds). A quarantined payload that is not \
            JSON has every word replaced; a quarantine error keeps the engine's own words and numbers and replaces what it quotes \
            but field names. Kinds, times, build stamps and reasons are kept. --redact is required: there is no unredacted export. The \
            source is only read. An existing --out exits 73; a table this build does not know (a newer schema) exits 65; nothing is \
            written then.
            """,
        usage: "restorectl export --db PATH --redact --out FILE [--formats DIR] [--json]",
        action: .parsing(run)
    )

    static func run(_ options: Options, console: Console) throws -> ExitCode {
        // A flag the parser cannot require: without it the command is a usage error, so that a
        // later unredacted export could never be what an old command line asks for.
        guard options.redact else { throw UsageError(command: "restorectl export", kind: .missingRequiredOption("--redact")) }
        try CommandFailure.refuseFolderName(options.output, as: "--out", nothing: "written")
        let kinds = try FormatsOption.kinds(in: options.formats)
        let export = try StateDatabase.exportRedacted(
            options.database, to: options.output, kinds: kinds, snapshotShapes: ShelfSnapshotCodec.recordShapes)
        let tables = export.tables
        if !export.kindsWithoutShapes.isEmpty {
            let names = export.kindsWithoutShapes.joined(separator: ", ")
            console.printError(
                "restorectl export: kind(s) \(names) have no recorded shape here, so their field names were replaced too; to keep them, "
                    + "export again with --formats DIR (the folder holding the app's format folders, which its format tests record)")
        }
        if options.json {
            let object: JSONObject = [
                "db": .string(options.database), "out": .string(options.output),
                "tables": .array(tables.map { .object(["name": .string($0.name), "rows": .integer(Int64($0.rows))]) }),
            ]
            JSONOutput.print(.object(object), to: console)
            return .success
        }
        console.print("Wrote a redacted export of \(options.database) to \(options.output):")
        for table in tables { console.print("  \(table.name)  \(table.rows) row(s)") }
        console.print("Names are hashed under a key that was not kept; strings are placeholders of the same length.")
        return .success
    }
}
