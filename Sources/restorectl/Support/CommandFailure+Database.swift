import Foundation
import StateStore

extension CommandFailure {
    /// This failure, naming the database the command was given (`path`) when it is SQLite's
    /// own and says nothing of which file: "database is locked while executing `BEGIN
    /// IMMEDIATE`" or "disk I/O error … while executing `COMMIT`" left a script's user to guess.
    /// A lock another process holds says so, and that the same command later may succeed.
    /// A full disk SQLite reports with no `errno` ("database or disk is full") names `ENOSPC`,
    /// as the exit-code table promises.
    func naming(database path: String?, for error: any Error) -> CommandFailure {
        guard let store = error as? StoreError, case .sqlite = store else { return self }
        var message = message
        if store.sqliteCode == .full, !message.contains("ENOSPC") { message += " (\(SystemErrorCause.describe(ENOSPC)))" }
        guard let path, !path.isEmpty, !message.contains(path) else { return CommandFailure(exitCode, message) }
        if exitCode == .temporaryFailure {
            return CommandFailure(exitCode, "\(path): \(message); another process holds the file's lock, and the same command may succeed once it lets go")
        }
        return CommandFailure(exitCode, "\(path): \(message)")
    }
}
