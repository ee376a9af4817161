import CSQLite

/// A primary SQLite result code (the low byte of an extended code), as the package matches a
/// ``StoreError/sqlite(extendedCode:message:sql:systemErrorCode:)`` failure:
///
/// ```swift
/// catch let error as StoreError where error.sqliteCode == .busy { … }
/// ```
package struct SQLiteCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The primary result code, such as `SQLITE_BUSY` (5).
    package let rawValue: Int32
    package init(rawValue: Int32) { self.rawValue = rawValue }

    /// `SQLITE_ERROR`: a generic error, such as an SQL error or a missing table.
    package static let error = SQLiteCode(rawValue: SQLITE_ERROR)
    /// `SQLITE_PERM`: the requested access mode is not allowed.
    package static let permission = SQLiteCode(rawValue: SQLITE_PERM)
    /// `SQLITE_BUSY`: another connection holds a lock and the busy timeout expired.
    package static let busy = SQLiteCode(rawValue: SQLITE_BUSY)
    /// `SQLITE_LOCKED`: a conflict inside the same connection or shared cache.
    package static let locked = SQLiteCode(rawValue: SQLITE_LOCKED)
    /// `SQLITE_NOMEM`: a memory allocation failed.
    package static let noMemory = SQLiteCode(rawValue: SQLITE_NOMEM)
    /// `SQLITE_READONLY`: the database cannot be written.
    package static let readOnly = SQLiteCode(rawValue: SQLITE_READONLY)
    /// `SQLITE_IOERR`: the operating system reported an I/O error.
    package static let ioError = SQLiteCode(rawValue: SQLITE_IOERR)
    /// `SQLITE_CORRUPT`: the database file is damaged.
    package static let corrupt = SQLiteCode(rawValue: SQLITE_CORRUPT)
    /// `SQLITE_FULL`: the disk is full.
    package static let full = SQLiteCode(rawValue: SQLITE_FULL)
    /// `SQLITE_CANTOPEN`: the file cannot be opened.
    package static let cannotOpen = SQLiteCode(rawValue: SQLITE_CANTOPEN)
    /// `SQLITE_CONSTRAINT`: a constraint, such as a foreign key or uniqueness, failed.
    package static let constraint = SQLiteCode(rawValue: SQLITE_CONSTRAINT)
    /// `SQLITE_NOTADB`: the file is not a database.
    package static let notADatabase = SQLiteCode(rawValue: SQLITE_NOTADB)

    /// SQLite's English description of the code.
    package var description: String { String(cString: sqlite3_errstr(rawValue)) }
}
