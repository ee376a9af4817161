import Foundation
import ScreenKinds
import StateRestore
import StateStore

/// `restorectl purge`: delete all of an account's state, leaving no trace in the file.
enum PurgeCommand {
    static let spec = CommandSpec(
        name: "purge",
        abstract: "Delete all of an account's state with secure_delete on and rewrite every page, so nothing remains in the file.",
        action: .parsing(run)
    )

    static func run(_ options: Options, console: Console) throws -> ExitCode {
        let account = options.account
        let store = try StateDatabase.openExistingForWriting(options.database, upgrading: RecordKind.builtIn, configuration: .tool)
        defer { store.close() }
        let result = try store.purge(account: account)
        console.print("Purged account \(StoreNames.quoted(account)): \(result.records) record(s), \(result.quarantined) quarantined, \(result.snapshots) shelf snapshot(s).")
        // The deletion is committed; its promise of no trace is not kept yet: say so, and fail.
        var remains: [String] = []
        if let why = result.remainsInFile { remains.append("copies of deleted records may remain in unused space of \(store.path): \(why)") }
        if let why = result.remainsInLog {
            remains.append("the deleted bytes remain in \(store.path) and \(store.path)-wal until a checkpoint completes: \(why)")
        }
        guard !remains.isEmpty else { return .success }
        // Another connection's lock (a later purge may clear it) is temporary; a storage error is not.
        let isTemporary = (result.remainsInFile == nil || result.fileHeldByWriter) && (result.remainsInLog == nil || result.logHeldByReader)
        throw CommandFailure(isTemporary ? .temporaryFailure : .ioError, "the purge is committed, but \(remains.joined(separator: "; and ")): run purge again")
    }
}
