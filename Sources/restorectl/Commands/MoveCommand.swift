import Foundation
import StateRestore
import StateStore

/// `restorectl move`: move the database to a new path (into an app group's container).
enum MoveCommand {
    static let spec = CommandSpec(
        name: "move",
        abstract: "Move the database to a new path: copied, verified, then the old files removed.",
        discussion:
            "The copy is made with SQLite's backup API and verified (integrity_check and the row count of every table) before the database, its -wal, -shm and guard file are removed. Nothing else may have the file open.",
        action: .parsing(run)
    )

    static func run(_ options: Options, console: Console) throws -> ExitCode {
        let path = options.database
        // Resolved as every verb resolves it: a dangling link, a loop or a path ending in a slash
        // says so, a file moved before says where it went, and one this user may not read is 66
        // (EACCES), before any check of what the move must change.
        let file = try StateDatabase.requireExistingFile(path)
        try CommandFailure.refuseFolderName(options.destination, as: "the destination", nothing: "moved")
        var status = stat()
        guard lstat(options.destination, &status) != 0 else {
            throw CommandFailure(.cannotCreate, "\(options.destination) already exists; nothing was moved")
        }
        let records: Int
        do {
            records = try Store.relocate(file, to: options.destination)
        } catch let error as StoreError where error.indicatesDamage {
            // Said as every verb says it, not as SQLite's words at the move's lock.
            throw StoreError.corrupt(path: file.path, reason: error.message)
        }
        console.print("Moved \(path) to \(options.destination): \(records) record(s).")
        return .success
    }
}
