import CSQLite
import Foundation

/// An error reported by SQLite, with the extended result code, SQLite's message and the SQL that
/// failed.
///
/// Match on the primary code in `catch` patterns:
///
/// ```swift
/// do { try db.execute("…") }
/// catch let error as SQLiteError where error.code == .busy { … }
/// ```
public struct SQLiteError: Error, Equatable, Sendable {
    /// A primary SQLite result code (the low byte of an extended code).
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The primary result code, such as `SQLITE_BUSY` (5).
        public let rawValue: Int32
        /// Creates a code from a primary result code.
        public init(rawValue: Int32) { self.rawValue = rawValue }

        /// `SQLITE_ERROR`: a generic error, such as an SQL error or a missing table.
        public static let error = Code(rawValue: SQLITE_ERROR)
        /// `SQLITE_PERM`: the requested access mode is not allowed.
        public static let permission = Code(rawValue: SQLITE_PERM)
        /// `SQLITE_ABORT`: the operation was aborted, for example by a rollback.
        public static let abort = Code(rawValue: SQLITE_ABORT)
        /// `SQLITE_BUSY`: another connection holds a lock and the busy timeout expired.
        public static let busy = Code(rawValue: SQLITE_BUSY)
        /// `SQLITE_LOCKED`: a conflict inside the same connection or shared cache.
        public static let locked = Code(rawValue: SQLITE_LOCKED)
        /// `SQLITE_NOMEM`: a memory allocation failed.
        public static let noMemory = Code(rawValue: SQLITE_NOMEM)
        /// `SQLITE_READONLY`: the database cannot be written.
        public static let readOnly = Code(rawValue: SQLITE_READONLY)
        /// `SQLITE_IOERR`: the operating system reported an I/O error.
        public static let ioError = Code(rawValue: SQLITE_IOERR)
        /// `SQLITE_CORRUPT`: the database file is damaged.
        public static let corrupt = Code(rawValue: SQLITE_CORRUPT)
        /// `SQLITE_FULL`: the disk is full.
        public static let full = Code(rawValue: SQLITE_FULL)
        /// `SQLITE_CANTOPEN`: the file cannot be opened.
        public static let cannotOpen = Code(rawValue: SQLITE_CANTOPEN)
        /// `SQLITE_CONSTRAINT`: a constraint, such as a foreign key or uniqueness, failed.
        public static let constraint = Code(rawValue: SQLITE_CONSTRAINT)
        /// `SQLITE_TOOBIG`: a string or blob is over SQLite's size limit.
        public static let tooBig = Code(rawValue: SQLITE_TOOBIG)
        /// `SQLITE_NOTADB`: the file is not a database.
        public static let notADatabase = Code(rawValue: SQLITE_NOTADB)

        /// SQLite's English description of the code.
        public var description: String { String(cString: sqlite3_errstr(rawValue)) }
    }

    /// The extended result code, for example `SQLITE_IOERR_FSYNC`.
    public let extendedCode: Int32
    /// SQLite's own explanation.
    public let message: String
    /// The statement that failed, when there was one.
    public let sql: String?
    /// The operating system's error number behind the failure (`EMFILE`, `EACCES`), 0 when
    /// SQLite saw none.
    public let systemErrorCode: Int32

    /// The primary result code.
    public var code: Code { Code(rawValue: extendedCode & 0xFF) }

    /// Whether the file is damaged or is not a database at all.
    public var isCorruption: Bool { code == .corrupt || code == .notADatabase }

    /// Creates an error from a result code and message.
    public init(extendedCode: Int32, message: String, sql: String? = nil, systemErrorCode: Int32 = 0) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
        self.systemErrorCode = systemErrorCode
    }

    /// Whether the process ran out of file descriptors (`EMFILE`, `ENFILE`): nothing about the
    /// file itself.
    public var isDescriptorExhaustion: Bool { systemErrorCode == EMFILE || systemErrorCode == ENFILE }

    /// Whether the storage refused (no space, read-only, no permission, cannot open or create,
    /// an I/O error): a fault to read around, never damage to move a file aside for.
    public var isStorageFault: Bool {
        switch code {
        case .cannotOpen, .permission, .readOnly, .full, .ioError: !indicatesDamage
        default: false
        }
    }

    /// Whether the operating system refused for a reason of its own rather than of the path
    /// (no descriptor left, an I/O error, no space, read-only storage).
    public var isSystemFault: Bool { isDescriptorExhaustion || [EIO, ENOSPC, EROFS].contains(systemErrorCode) }

    /// The primary codes whose failures come from a system call, with an `errno` to name.
    private static let operatingSystemCodes: Set<Int32> = [SQLITE_CANTOPEN, SQLITE_IOERR, SQLITE_FULL, SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH]

    /// Reads the code and message of the last failure on `connection`, naming the system
    /// error behind it where there is one.
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
        if let connection, Self.operatingSystemCodes.contains(code & 0xFF) {
            system = sqlite3_system_errno(connection)
            if system != 0 { message += " (\(SystemErrorCause.describe(system)))" }
        }
        self.init(extendedCode: code, message: message, sql: sql, systemErrorCode: system)
    }
}

extension SQLiteError: CustomStringConvertible, LocalizedError {
    /// The code, SQLite's message and the failed SQL, on one line.
    public var description: String {
        var text = "SQLite error \(extendedCode) (\(code)): \(message)"
        if let sql { text += " while executing `\(sql)`" }
        return text
    }

    /// The same text as ``description``.
    public var errorDescription: String? { description }
}
