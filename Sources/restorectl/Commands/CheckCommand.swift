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
            "Exits 0 when healthy, 1 listing what is wrong (including records in the quarantine), 66 when the file does not exist. Records of kinds this build does not know, and newer-format records, are listed as notes, not problems; records over their kind's size budget are warnings naming their largest fields, and leave the exit code as it is.",
        action: .parsing(run)
    )

    static func run(_ options: DatabaseOptions, console: Console) throws -> ExitCode {
        let path = options.database
        let findings = try DatabaseCheck.run(path, kinds: RecordKind.builtIn)
        if options.json {
            JSONOutput.print(
                .object([
                    "db": .string(path),
                    "healthy": .bool(findings.isHealthy),
                    "recordsChecked": JSONOutput.int(findings.recordsChecked),
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
            console.print(
                findings.problems.isEmpty
                    ? "\(path): healthy (\(findings.recordsChecked) records decoded)"
                    : "\(path): \(findings.problems.count) problem(s)")
        }
        return findings.isHealthy ? .success : .findings
    }
}
