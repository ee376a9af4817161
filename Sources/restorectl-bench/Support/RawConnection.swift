import CSQLite
import Foundation
import StateStore

/// The raw twin's connection: the SQLite C API used directly, opened with the engine's flags
/// and pragmas, with statements prepared once and stepped by hand. It is the lower bound the
/// engine is measured against, so it does nothing the engine would not also have to do.
final class RawConnection {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let handle: OpaquePointer

    /// Opens like `Database.init` and then `activateWriteAheadLog()`, reading the same header
    /// fields the engine checks on every open.
    init(path: String) throws {
        var connection: OpaquePointer?
        let flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        guard sqlite3_open_v2(path, &connection, flags, nil) == SQLITE_OK, let connection else {
            sqlite3_close_v2(connection)
            throw Failure(description: "cannot open \(path)")
        }
        handle = connection
        sqlite3_extended_result_codes(connection, 1)
        sqlite3_busy_timeout(connection, 5_000)
        var ignored: Int32 = 0
        _ = csqlite_db_config_int(connection, SQLITE_DBCONFIG_DEFENSIVE, 1, &ignored)
        _ = csqlite_db_config_int(connection, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, &ignored)
        _ = csqlite_db_config_int(connection, SQLITE_DBCONFIG_ENABLE_FKEY, 1, &ignored)
        try exec("PRAGMA journal_size_limit = 4194304")
        _ = try scalar("PRAGMA application_id")
        _ = try scalar("PRAGMA user_version")
        try exec("PRAGMA synchronous = NORMAL")
        try exec("PRAGMA journal_mode = WAL")
    }

    deinit { close() }

    /// Closes the connection (timed by the launch workload); a second call does nothing.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        sqlite3_close_v2(handle)
    }

    private var isClosed = false

    func exec(_ sql: String) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
            throw Failure(description: "\(sql): \(String(cString: sqlite3_errmsg(handle)))")
        }
    }

    func scalar(_ sql: String) throws -> Int64 {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { return 0 }
        return sqlite3_column_int64(statement, 0)
    }

    /// A persistent prepared statement; the caller finalizes it.
    func prepare(_ sql: String) throws -> OpaquePointer {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK, let statement else {
            throw Failure(description: "\(sql): \(String(cString: sqlite3_errmsg(handle)))")
        }
        return statement
    }

    /// Steps a statement to completion and resets it, keeping its bindings.
    func run(_ statement: OpaquePointer) throws {
        var code = sqlite3_step(statement)
        while code == SQLITE_ROW { code = sqlite3_step(statement) }
        sqlite3_reset(statement)
        guard code == SQLITE_DONE else {
            throw Failure(description: "step: \(String(cString: sqlite3_errmsg(handle)))")
        }
    }

    static func bind(_ statement: OpaquePointer, _ index: Int32, _ text: String) {
        var text = text
        text.withUTF8 { bytes in
            _ = sqlite3_bind_text64(statement, index, UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self), UInt64(bytes.count), csqlite_transient(), UInt8(SQLITE_UTF8))
        }
    }

    /// Calls `body` with column `index`'s bytes in place.
    static func withColumnBytes<T>(_ statement: OpaquePointer, _ index: Int32, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
        let count = Int(sqlite3_column_bytes(statement, index))
        let start = sqlite3_column_blob(statement, index)?.assumingMemoryBound(to: UInt8.self)
        return try body(UnsafeBufferPointer(start: count > 0 ? start : nil, count: count))
    }
}
