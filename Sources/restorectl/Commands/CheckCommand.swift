import Foundation
import StateRestore
import StateStore

/// `restorectl check`: integrity, foreign keys and a decode of every record. Never writes.
enum CheckCommand {
    static let spec = CommandSpec(
        name: "check",
        abstract: "Check the database's integrity and decode every record; never modifies the file.",
        discussion: "Exits 0 when healthy, 1 listing what is wrong (including records in the quarantine), 66 when the file does not exist.",
        options: [CommandTable.db, CommandTable.json]
    )

    struct Findings {
        var problems: [String] = []
        var notes: [String] = []
        var recordsChecked = 0
    }

    static func run(_ command: ParsedCommand, console: Console) throws -> ExitCode {
        let path = try command.requiredString("db")
        guard FileManager.default.fileExists(atPath: path) else {
            throw CommandFailure(.noInput, "\(path): no such database file")
        }
        let findings = examine(path)
        if command.flag("json") {
            JSONOutput.print(
                .object([
                    "db": .string(path),
                    "healthy": .bool(findings.problems.isEmpty),
                    "recordsChecked": JSONOutput.int(findings.recordsChecked),
                    "problems": .array(findings.problems.map(JSONValue.string)),
                    "notes": .array(findings.notes.map(JSONValue.string)),
                ]),
                to: console
            )
        } else {
            for problem in findings.problems { console.print("problem: \(problem)") }
            for note in findings.notes { console.print("note: \(note)") }
            console.print(findings.problems.isEmpty
                ? "\(path): healthy (\(findings.recordsChecked) records decoded)"
                : "\(path): \(findings.problems.count) problem(s)")
        }
        return findings.problems.isEmpty ? .success : .findings
    }

    /// Everything wrong with the file at `path`, reading only.
    static func examine(_ path: String) -> Findings {
        var findings = Findings()
        do {
            let store = try Store(readingExistingFileAt: path)
            defer { store.close() }
            findings.problems += try store.integrityProblems().map { "integrity: \($0)" }
            findings.problems += try store.foreignKeyProblems().map { "foreign key: \($0)" }
            let latest = try StateMigrations.makeMigrator().latestVersion
            if store.schemaVersion > latest {
                findings.notes.append("schema version \(store.schemaVersion) was written by a newer release (this build knows \(latest))")
            } else if store.schemaVersion < latest {
                findings.notes.append("schema version \(store.schemaVersion); \(latest - store.schemaVersion) migration(s) pending (run restorectl migrate)")
            }
            guard store.schemaVersion >= 1 else { return findings }
            try store.forEachRecord { record in
                findings.recordsChecked += 1
                let key = "scene \"\(record.scene)\" of account \"\(record.account)\""
                if record.payload.count > Store.maximumRecordBytes {
                    findings.problems.append("\(key): record is \(record.payload.count) bytes, over the limit")
                    return
                }
                switch CatalogRecordCodec.decode(record.payload) {
                case .decoded: break
                case .newer(let version, _):
                    findings.notes.append("\(key): format \(version) record kept for the newer release that wrote it")
                case .unreadable(let error):
                    findings.problems.append("\(key): record cannot be decoded: \(error.localizedDescription)")
                }
            }
            for entry in try store.quarantinedRecords() {
                findings.problems.append("quarantine holds record \(entry.id) (scene \"\(entry.scene)\" of account \"\(entry.account)\", \(entry.reason.rawValue)): \(entry.error)")
            }
        } catch let error as MigrationError {
            findings.problems.append(error.localizedDescription)
        } catch let error as SQLiteError where error.indicatesDamage {
            findings.problems.append("not a readable database: \(error.message)")
        } catch {
            findings.problems.append("cannot be read: \(error.localizedDescription)")
        }
        return findings
    }
}
