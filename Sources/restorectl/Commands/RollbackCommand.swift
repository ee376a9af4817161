import Foundation
import ScreenKinds
import StateRestore
import StateStore

/// `restorectl rollback`: put an earlier record of a scene's kind back from its history.
enum RollbackCommand {
    static let spec = CommandSpec(
        name: "rollback",
        abstract: "Put an earlier record of a scene's kind back from its history.",
        discussion: """
            The record replaced goes into the history, so a rollback can itself be undone. With --before-build B, the \
            record must have been written by build B, and the newest earlier record B did not write is put back. When \
            nothing matches, nothing is written (exit 66; 65 when the record was not written by B).
            """,
        action: .parsing(run)
    )

    static func run(_ options: Options, console: Console) throws -> ExitCode {
        let key = try InputFiles.sceneKey(scene: options.scene, account: options.account, stored: true)
        if options.isDryRun {
            let store = try StateDatabase.openForReading(options.database)
            defer { store.close() }
            let listing = try StateDatabase.history(of: key, kind: options.kind, in: store)
            let chosen = try StateDatabase.entry(options.target, of: key, kind: options.kind, in: listing)
            console.print("Would put back \(describe(chosen)) as the \(options.kind) record of \(key); nothing was written.")
            return .success
        }
        try StateDatabase.requireExistingFile(options.database)
        let store = try StateDatabase.openExistingForWriting(options.database, upgrading: RecordKind.builtIn, configuration: .tool)
        defer { store.close() }
        let chosen = try StateDatabase.rollBack(key, kind: options.kind, to: options.target, in: store)
        console.print("Put back \(describe(chosen)) as the \(options.kind) record of \(key); the record it replaced is #1 of its history.")
        return .success
    }

    private static func describe(_ chosen: (number: Int, entry: RecordHistoryEntry)) -> String {
        let build = chosen.entry.build.map { "build \($0)" } ?? "no build stamp"
        return "earlier record #\(chosen.number) (format \(chosen.entry.version), \(build), saved \(Timestamps.iso8601(chosen.entry.updatedAt)))"
    }
}
