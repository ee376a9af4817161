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
            nothing matches, nothing is written (exit 66; 65 when the record was not written by B); so is nothing when \
            the window is on screen in another process (exit 74), whose next save would write over the rollback.
            """,
        usage: "restorectl rollback --db PATH --scene ID [--account A] --kind K (--to N | --before-build B) [--dry-run]",
        action: .parsing(run)
    )

    static func run(_ options: Options, console: Console) throws -> ExitCode {
        let target = try options.target
        let key = try InputFiles.sceneKey(scene: options.scene, account: options.account, stored: true)
        // What to put back is found reading only: a target that names nothing leaves the file
        // exactly as it was (an open for writing would already change its header). A dry run
        // writes nothing, so it does not roll a dead writer's journal back either (74).
        let reader = try options.isDryRun ? StateDatabase.openForReading(options.database) : StateDatabase.openForReadingBeforeWriting(options.database)
        let found = Result { try StateDatabase.entry(target, of: key, kind: options.kind, in: StateDatabase.history(of: key, kind: options.kind, in: reader)) }
        // Whether there is a record to replace (only its history may be left: the record was
        // quarantined), for the message.
        let replacesARecord = (try? reader.record(account: key.account, scene: key.scene, kind: options.kind)) != nil
        let resolvedPath = reader.path
        reader.close()
        let chosen = try found.get()
        if options.isDryRun {
            console.print("Would put back \(describe(chosen)) as the \(options.kind) record of \(key); nothing was written.")
            return .success
        }
        // A window another process has on screen is refused (74) before the file is opened for
        // writing (which may migrate it): that process's next save would write over the rollback.
        try StateDatabase.refuseLiveElsewhere(scene: key.scene, account: key.account, beside: resolvedPath)
        let store = try StateDatabase.openExistingForWriting(options.database, upgrading: RecordKind.builtIn, configuration: .tool)
        defer { store.close() }
        let putBack = try StateDatabase.rollBack(key, kind: options.kind, to: target, in: store)
        let replaced = replacesARecord ? "the record it replaced is #1 of its history" : "there was no record to replace"
        console.print("Put back \(describe(putBack)) as the \(options.kind) record of \(key); \(replaced).")
        return .success
    }

    private static func describe(_ chosen: (number: Int, entry: RecordHistoryEntry)) -> String {
        let build = chosen.entry.build.map { "build \($0)" } ?? "no build stamp"
        return "earlier record #\(chosen.number) (format \(chosen.entry.version), \(build), saved \(Timestamps.iso8601(chosen.entry.updatedAt)))"
    }
}
