import Foundation
import JSON
import ScreenKinds
import StateRestore
import StateStore

/// `restorectl migrate`: create the database if needed and apply pending migrations.
enum MigrateCommand {
    static let spec = CommandSpec(
        name: "migrate",
        abstract: "Create the database if needed and apply pending schema migrations.",
        discussion:
            "A database that has data is backed up to <db>.backup-v<N> first. Progress (records done, rate, time left) goes to stderr when it is a terminal. --dry-run prints the plan and creates or changes nothing.",
        action: .parsing(run)
    )

    static func run(_ options: Options, console: Console) throws -> ExitCode {
        let path = options.database
        let dryRun = options.isDryRun
        let steps: [MigrationFile]
        let before: Int
        if dryRun {
            (before, steps) = try StateDatabase.migrationPlan(path, upTo: options.target)
        } else {
            var line = ProgressLine()
            (before, steps) = try StateDatabase.migrate(path, upTo: options.target, upgrading: RecordKind.builtIn) { progress in
                console.showProgress(line.text(for: progress))
            }
            if !steps.isEmpty { console.endProgress() }
        }
        let after = steps.last?.version ?? before
        if options.json {
            let object: JSONObject = [
                "db": .string(path),
                "dryRun": .bool(dryRun),
                "fromVersion": .integer(Int64(before)),
                "schemaVersion": .integer(Int64(after)),
                "latestVersion": .integer(Int64(StateDatabase.latestSchemaVersion)),
                "applied": .array(
                    steps.map { step in
                        var entry: JSONObject = ["version": .integer(Int64(step.version)), "name": .string(step.name)]
                        entry["readableBy"] = step.compatibility.map { .integer(Int64($0.readableBy)) } ?? .null
                        entry["writableBy"] = step.compatibility.map { .integer(Int64($0.writableBy)) } ?? .null
                        return .object(entry)
                    }),
            ]
            console.print(JSONValue.object(object).encoded(pretty: true))
        } else if steps.isEmpty {
            console.print("\(path) is at schema version \(before); nothing to migrate.")
        } else {
            let verb = dryRun ? "Would apply" : "Applied"
            for step in steps { console.print(line(verb, step)) }
            console.print(dryRun ? "\(path) would be at schema version \(after)." : "\(path) is at schema version \(after).")
        }
        return .success
    }

    /// One step of the plan, with what it leaves older releases (migrations 1–4 declare
    /// nothing): `Would apply 0005_x.sql (version 5, readable by schema 4, writable by schema 4)`.
    static func line(_ verb: String, _ step: MigrationFile) -> String {
        let compatibility = step.compatibility.map { ", readable by schema \($0.readableBy), writable by schema \($0.writableBy)" } ?? ""
        return "\(verb) \(step.name) (version \(step.version)\(compatibility))"
    }
}
