import Foundation
import StateRestore
import StateStore

/// `restorectl migrate`: create the database if needed and apply pending migrations.
enum MigrateCommand {
    static let spec = CommandSpec(
        name: "migrate",
        abstract: "Create the database if needed and apply pending schema migrations.",
        discussion: "A database that has data is backed up to <db>.backup-v<N> first. Progress (records done, rate, time left) goes to stderr when it is a terminal. --dry-run prints the plan and creates or changes nothing.",
        options: [
            CommandTable.db,
            .value("to", valueName: "N", help: "Migrate up to schema version N (default: the latest)."),
            .flag("dry-run", help: "Print the migrations that would run; change nothing."),
            CommandTable.json,
        ]
    )

    static func run(_ command: ParsedCommand, console: Console) throws -> ExitCode {
        let path = try command.requiredString("db")
        let target = try command.int("to")
        let dryRun = command.flag("dry-run")
        let steps: [MigrationFile]
        let before: Int
        if dryRun {
            (before, steps) = try StateDatabase.migrationPlan(path, upTo: target)
        } else {
            var line = ProgressLine()
            (before, steps) = try StateDatabase.migrate(path, upTo: target) { progress in
                console.showProgress(line.text(for: progress))
            }
            if !steps.isEmpty { console.endProgress() }
        }
        let after = steps.last?.version ?? before
        if command.flag("json") {
            let object: JSONObject = [
                "db": .string(path),
                "dryRun": .bool(dryRun),
                "fromVersion": .integer(Int64(before)),
                "schemaVersion": .integer(Int64(after)),
                "latestVersion": .integer(Int64(StateDatabase.latestSchemaVersion)),
                "applied": .array(steps.map { .object(["version": .integer(Int64($0.version)), "name": .string($0.name)]) }),
            ]
            console.print(JSONValue.object(object).encoded(pretty: true))
        } else if steps.isEmpty {
            console.print("\(path) is at schema version \(before); nothing to migrate.")
        } else {
            let verb = dryRun ? "Would apply" : "Applied"
            for step in steps { console.print("\(verb) \(step.name) (version \(step.version))") }
            console.print(dryRun ? "\(path) would be at schema version \(after)." : "\(path) is at schema version \(after).")
        }
        return .success
    }
}
