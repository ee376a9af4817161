import CSQLite
import Foundation

extension StoreError {
    /// Reads the code and message of the last failure on `connection` as a
    /// ``sqlite(extendedCode:message:sql:systemErrorCode:)`` failure, naming the system error
    /// behind it where there is one.
    init(connection: OpaquePointer?, resultCode: Int32, sql: String? = nil) {
        let extended = connection.map { sqlite3_extended_errcode($0) } ?? resultCode
        // The connection's code can be stale when the failure came from a call that does not
        // record it (for example sqlite3_open_v2 on some paths); trust the returned code then.
        let code = (extended & 0xFF) == (resultCode & 0xFF) ? extended : resultCode
        var message =
            connection.map { String(cString: sqlite3_errmsg($0)) }
            ?? String(cString: sqlite3_errstr(resultCode))
        // SQLite's words for a refusal of the operating system ("unable to open database
        // file", "disk I/O error") do not say which; the errno it saw does (EMFILE, EACCES).
        var system: Int32 = 0
        if code == SQLITE_READONLY | (3 << 8) {  // SQLITE_READONLY_ROLLBACK
            // SQLite's words ("attempt to write a readonly database") for a reader's open of a
            // file whose rollback journal is hot say nothing of what happened or what helps.
            message =
                "a writer stopped in the middle of a transaction and left its rollback journal beside the file, which only a "
                + "writing open rolls back (the app's next launch, or any verb that saves); until then the file holds changes "
                + "that were never committed, so nothing was read"
        } else if let connection, Self.operatingSystemCodes.contains(code & 0xFF) {
            system = sqlite3_system_errno(connection)
            if system != 0 { message += " (\(SystemErrorCause.describe(system)))" }
        }
        self = .sqlite(extendedCode: code, message: message, sql: sql, systemErrorCode: system)
    }

    /// The primary codes whose failures come from a system call, with an `errno` to name.
    private static let operatingSystemCodes: Set<Int32> = [SQLITE_CANTOPEN, SQLITE_IOERR, SQLITE_FULL, SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH]

    /// SQLite's primary result code, for a ``sqlite(extendedCode:message:sql:systemErrorCode:)``
    /// failure; nil for the store's own errors.
    package var sqliteCode: SQLiteCode? {
        guard case .sqlite(let extendedCode, _, _, _) = self else { return nil }
        return SQLiteCode(rawValue: extendedCode & 0xFF)
    }

    /// Whether this is SQLite's failure rather than one of the store's own errors.
    package var isSQLiteFailure: Bool { sqliteCode != nil }

    /// SQLite's own explanation of a ``sqlite(extendedCode:message:sql:systemErrorCode:)``
    /// failure (without the code and SQL its description adds); a store's own error's
    /// description.
    package var message: String {
        guard case .sqlite(_, let message, _, _) = self else { return localizedDescription }
        return message
    }

    /// The operating system's error number behind a SQLite failure (`EMFILE`, `EACCES`), 0
    /// when SQLite saw none or the error is the store's own.
    package var systemErrorCode: Int32 {
        guard case .sqlite(_, _, _, let systemErrorCode) = self else { return 0 }
        return systemErrorCode
    }

    /// Whether SQLite failed because another connection holds a lock (`SQLITE_BUSY`) or of a
    /// conflict inside this one (`SQLITE_LOCKED`).
    package var isBusy: Bool { sqliteCode == .busy || sqliteCode == .locked }

    /// Whether SQLite found the file damaged or not a database at all.
    package var isCorruption: Bool { sqliteCode == .corrupt || sqliteCode == .notADatabase }

    /// Whether SQLite failed because the process ran out of file descriptors (`EMFILE`,
    /// `ENFILE`): nothing about the file itself.
    package var isDescriptorExhaustion: Bool { systemErrorCode == EMFILE || systemErrorCode == ENFILE }

    /// Whether the storage refused (no space, read-only, no permission, cannot open or create,
    /// an I/O error): a fault to read around, never damage to move a file aside for. (A
    /// failed migration is not one itself: match its underlying error.)
    package var isStorageFault: Bool {
        switch sqliteCode {
        case .cannotOpen, .permission, .readOnly, .full, .ioError: !indicatesDamage
        default: false
        }
    }

    /// Whether the operating system refused SQLite for a reason of its own rather than of the
    /// path (no descriptor left, an I/O error, no space, read-only storage).
    package var isSystemFault: Bool { isDescriptorExhaustion || [EIO, ENOSPC, EROFS].contains(systemErrorCode) }

    /// Whether, for a file that carries this project's header, a SQLite failure means the file
    /// is damaged: SQLite finds it corrupt or not a database, its schema is malformed, or a
    /// table, index or column that its schema version requires is missing.
    package var indicatesDamage: Bool {
        if isCorruption { return true }
        guard sqliteCode == .error else { return false }
        return ["no such table", "no such index", "no such column", "malformed database schema"].contains { message.hasPrefix($0) }
    }

    /// This SQLite failure with its message rewritten by `transform` (to name the path the
    /// caller gave rather than a staging file); the store's own errors as they are.
    func rewritingMessage(_ transform: (String) -> String) -> StoreError {
        guard case .sqlite(let extendedCode, let message, let sql, let systemErrorCode) = self else { return self }
        return .sqlite(extendedCode: extendedCode, message: transform(message), sql: sql, systemErrorCode: systemErrorCode)
    }

    /// The refusal of an empty file at the end of a link: it holds no database, and one is
    /// never laid out through a link (what a link points at is never changed).
    package static func emptyFileThroughLink(_ path: String) -> StoreError {
        .corrupt(path: path, reason: "an empty file, which holds no database; one is never laid out through a link")
    }

    /// Whether a reading open refused the file because a dead writer's rollback journal beside
    /// it is hot (`SQLITE_READONLY_ROLLBACK`): only a writing open rolls it back.
    package var isHotJournalRefusal: Bool {
        guard case .sqlite(let code, _, _, _) = self else { return false }
        return code == SQLITE_READONLY | (3 << 8)  // SQLITE_READONLY_ROLLBACK (a macro Swift does not import)
    }

    /// The refusal of a new database at `path` (nothing left there): SQLite's code and message,
    /// what the system said (`ENOSPC` for a full disk SQLite names no error for), and the path.
    func refusingCreation(of path: String) -> StoreError {
        var cause = self
        if case .migrationFailed(_, _, let underlying) = cause { cause = underlying }
        guard case .sqlite(let code, let message, _, let system) = cause else { return cause }
        let named = system != 0 ? system : cause.sqliteCode == .full ? ENOSPC : 0
        let said = named != 0 && !message.contains(SystemErrorCause.name(of: named) ?? "errno") ? " (\(SystemErrorCause.describe(named)))" : ""
        return .sqlite(extendedCode: code, message: "cannot create the database at \(path): \(message)\(said); nothing was left there", systemErrorCode: named)
    }

    /// This error naming `path`, the file the caller asked for, where it names `staging`, the
    /// copy made beside it first (a new database's, a move's, an export's).
    func naming(staging: String, as path: String) -> StoreError {
        rewritingMessage { $0.replacingOccurrences(of: staging, with: path) }
    }

    /// A SQLite failure as one line: the code, SQLite's message and the failed SQL.
    static func describeSQLite(extendedCode: Int32, message: String, sql: String?) -> String {
        var text = "SQLite error \(extendedCode) (\(SQLiteCode(rawValue: extendedCode & 0xFF))): \(message)"
        if let sql { text += " while executing `\(sql)`" }
        return text
    }
}
