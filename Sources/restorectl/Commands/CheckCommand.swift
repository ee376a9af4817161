import Foundation
import JSON
import ScreenKinds
import StateRestore
import StateStore

/// `restorectl check`: integrity, foreign keys and a decode of every record. Never writes.
enum CheckCommand {
    static let spec = CommandSpec(
        name: "check",
        abstract: "Check the database's integrity and decode every record with its kind's codec; never modifies the file.",
        discussion:
            "Exits 0 when healthy, 1 listing what is wrong (including records in the quarantine), 66 when the file does not exist, 74 when the storage refuses the read (read-only storage where the log needs its index, a dead writer's rollback journal, no descriptor left). Records of kinds this build does not know, and newer-format records, are listed as notes, not problems, and counted as not decoded; records over their kind's size budget are warnings naming their largest fields, and leave the exit code as it is. With --formats, an app's kinds are decoded against their recorded shapes and defaults.",
        action: .parsing(run)
    )

    static func run(_ options: Options, console: Console) throws -> ExitCode {
        let path = options.database
        let kinds = try FormatsOption.kinds(in: options.formats)
        let findings = try DatabaseCheck.run(path, kinds: kinds)
        if options.json {
            JSONOutput.print(
                .object([
                    "db": .string(path),
                    "healthy": .bool(findings.isHealthy),
                    "schemaVersion": findings.schemaVersion.map(JSONOutput.int) ?? .null,
                    "readableBy": findings.readableBy.map(JSONOutput.int) ?? .null,
                    "writableBy": findings.writableBy.map(JSONOutput.int) ?? .null,
                    "recordsChecked": JSONOutput.int(findings.recordsChecked),
                    "recordsDecoded": JSONOutput.int(findings.recordsDecoded),
                    "recordsNotDecoded": .object([
                        "unknownKind": JSONOutput.int(findings.recordsOfUnknownKinds),
                        "newerFormat": JSONOutput.int(findings.recordsOfNewerFormats),
                        "noRecordedShape": JSONOutput.int(findings.recordsUnchecked),
                        "unreadable": JSONOutput.int(findings.recordsUnreadable),
                    ]),
                    "problems": .array(findings.problems.map(JSONValue.string)),
                    "notes": .array(findings.notes.map(JSONValue.string)),
                    "warnings": .array(findings.warnings.map(JSONValue.string)),
                ]),
                to: console
            )
        } else {
            for problem in findings.problems { console.print("problem: \(problem)") }
            for warning in findings.warnings { console.print("warning: \(warning)") }
            for note in findings.notes { console.print("note: \(note)") }
            if let version = findings.schemaVersion, let readableBy = findings.readableBy, let writableBy = findings.writableBy {
                console.print("schema: version \(version), readable by schema \(readableBy) and later, writable by schema \(writableBy) and later")
            }
            console.print(findings.problems.isEmpty ? "\(path): healthy (\(counts(findings)))" : "\(path): \(findings.problems.count) problem(s)")
        }
        return findings.isHealthy ? .success : .findings
    }

    /// `3 records decoded` (`1 record decoded`), or `3 records: 1 decoded, 2 not decoded
    /// (unknown kind)`.
    static func counts(_ findings: DatabaseCheck) -> String {
        let records = findings.recordsChecked == 1 ? "1 record" : "\(findings.recordsChecked) records"
        guard findings.recordsDecoded != findings.recordsChecked else { return "\(records) decoded" }
        let notDecoded = [
            (findings.recordsOfUnknownKinds, "unknown kind"), (findings.recordsOfNewerFormats, "newer format"),
            (findings.recordsUnchecked, "no recorded shape"), (findings.recordsUnreadable, "unreadable"),
        ].filter { $0.0 > 0 }.map { "\($0.0) not decoded (\($0.1))" }
        return "\(records): " + (["\(findings.recordsDecoded) decoded"] + notDecoded).joined(separator: ", ")
    }
}
