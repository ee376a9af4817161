import CSQLite
import Foundation

/// A prepared SQL statement owned by one `Database`.
///
/// Statements are reused through the connection's cache; `bind(_:)` clears earlier bindings.
/// Access is serial, like the connection that owns it.
package final class Statement {
    let handle: OpaquePointer
    /// Whether a text or blob of at least `largeValueBytes` is bound: SQLite holds its own copy
    /// of a bound value until the next bind, so `reset()` lets go of a large one (a shelf
    /// snapshot's megabytes) instead of keeping it alive in the statement cache.
    /// (This and the bindings' bookkeeping below are reached by the one thread using the
    /// connection, never re-entrantly: their accesses skip the runtime's exclusivity check,
    /// which cost each bind more than SQLite's own bind.)
    @exclusivity(unchecked) private var holdsLargeValue = false
    /// The one parameter bound in place since the last reset (0: none), unbound alone at the
    /// next `reset()`; a second one, or a large value, unbinds them all there.
    @exclusivity(unchecked) private var borrowedIndex: Int32 = 0
    /// The texts ``bindUnlessBound(_:at:)`` bound to the first parameters (by index) and SQLite
    /// still holds; empty until it is first used.
    @exclusivity(unchecked) private var keptTexts: [String?] = []
    private static let keptTextCount = 4  // parameters 1 to 3
    private static let largeValueBytes = 64 * 1024
    /// The statement's SQL text, kept for error reports.
    package let sql: String
    private unowned let database: Database

    init(database: Database, sql: String) throws(StoreError) {
        var handle: OpaquePointer?
        let code = sqlite3_prepare_v3(database.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
        guard code == SQLITE_OK, let handle else {
            sqlite3_finalize(handle)
            throw StoreError(connection: database.handle, resultCode: code, sql: sql)
        }
        self.handle = handle
        self.sql = sql
        self.database = database
    }

    deinit { sqlite3_finalize(handle) }

    /// Binds `values` to the statement's parameters, in order, after clearing earlier bindings.
    package func bind(_ values: [SQLiteValue]) throws(StoreError) {
        clearBindings()
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard values.count == expected else {
            throw StoreError.sqlite(
                extendedCode: SQLITE_RANGE,
                message: "expected \(expected) bound values, got \(values.count)",
                sql: sql
            )
        }
        for (offset, value) in values.enumerated() {
            try bind(value, at: offset + 1)
        }
    }

    /// Unbinds every parameter (and makes the statement ready to run again), for a hot path
    /// that then binds each value with ``bind(_:at:)`` instead of building an array.
    package func clearBindings() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        holdsLargeValue = false
        borrowedIndex = 0
        if !keptTexts.isEmpty { keptTexts.removeAll(keepingCapacity: true) }
    }

    /// Binds `text` to parameter `index` (1-based) as ``bind(_:at:)`` does, unless the text this
    /// call bound there last is the same and still bound: a key that repeats from one run to
    /// the next (a save's account, scene and kind) is not copied into SQLite again.
    package func bindUnlessBound(_ text: String, at index: Int) throws(StoreError) {
        // Compared by bytes: Swift calls two spellings of one text equal (`café` composed and
        // decomposed), SQLite does not, and two such scene names are two scenes. Compared as
        // Strings, the second kept the first's bytes bound, and read or wrote the other
        // scene's record.
        if index < keptTexts.count, let kept = keptTexts[index], kept.hasSameBytes(as: text) { return }
        try bind(.text(text), at: index)
        guard index < Self.keptTextCount else { return }
        if keptTexts.isEmpty { keptTexts = [String?](repeating: nil, count: Self.keptTextCount) }
        keptTexts[index] = text
    }

    /// Binds `value` to parameter `index` (1-based), leaving the other parameters as they are.
    package func bind(_ value: SQLiteValue, at index: Int) throws(StoreError) {
        if index < Self.keptTextCount, !keptTexts.isEmpty { keptTexts[index] = nil }
        let index = Int32(index)
        let code: Int32
        switch value {
        case .null: code = sqlite3_bind_null(handle, index)
        case .integer(let int): code = sqlite3_bind_int64(handle, index, int)
        case .real(let double): code = sqlite3_bind_double(handle, index, double)
        case .text(let string):
            var text = string
            // Pass the byte count so text containing NUL is stored whole.
            code = text.withUTF8 { bindText($0, at: index, copying: true) }
        case .blob(let data):
            code = data.withUnsafeBytes { bytes in
                if bytes.count >= Self.largeValueBytes { holdsLargeValue = true }
                return sqlite3_bind_blob64(handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), UInt64(bytes.count), csqlite_transient())
            }
        }
        guard code == SQLITE_OK else { throw database.error(code, sql: sql) }
    }

    /// Binds `values` like ``bind(_:)``, then binds `text` (UTF-8) to parameter `index` (1-based)
    /// in place, without SQLite taking a copy: the bytes must stay valid until ``reset()``,
    /// which unbinds them, so step and reset the statement before `text` goes away. The large
    /// payloads (a shelf snapshot's megabytes) are written this way.
    package func bind(_ values: [SQLiteValue], borrowingText text: UnsafeBufferPointer<UInt8>, at index: Int) throws(StoreError) {
        try bind(values)
        let code = bindText(text, at: Int32(index), copying: false)
        guard code == SQLITE_OK else { throw database.error(code, sql: sql) }
    }

    /// Binds `text` (UTF-8) to parameter `index` (1-based) in place, without SQLite taking a
    /// copy: the bytes must stay valid until ``reset()``, which unbinds them.
    package func bind(borrowingText text: UnsafeBufferPointer<UInt8>, at index: Int) throws(StoreError) {
        let code = bindText(text, at: Int32(index), copying: false)
        guard code == SQLITE_OK else { throw database.error(code, sql: sql) }
    }

    /// Binds UTF-8 `bytes` (their count passed, so text containing NUL is stored whole), as a
    /// copy SQLite owns or in place. A value bound in place, or a large one, is unbound at the
    /// next `reset()`.
    private func bindText(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int32, copying: Bool) -> Int32 {
        if bytes.count >= Self.largeValueBytes || (!copying && borrowedIndex != 0 && borrowedIndex != index) {
            holdsLargeValue = true
        } else if !copying {
            borrowedIndex = index
        }
        if !copying, index < Self.keptTextCount, !keptTexts.isEmpty { keptTexts[Int(index)] = nil }
        let start = UnsafeRawPointer(bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!)
        return sqlite3_bind_text64(
            handle, index, start.assumingMemoryBound(to: CChar.self), UInt64(bytes.count),
            copying ? csqlite_transient() : nil, UInt8(SQLITE_UTF8)
        )
    }

    /// Advances to the next row; returns false when the statement is done.
    @discardableResult
    package func step() throws(StoreError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = database.error(code, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Makes the statement ready to run again, keeping its bindings, except that a large text
    /// or blob (64 KiB or more) is unbound, so a cached statement does not keep it in memory,
    /// and so is a text bound in place (alone, when it is the only value to unbind: clearing
    /// every binding cost a save nearly a thousand instructions): bind again before running a
    /// statement that had one.
    package func reset() {
        if holdsLargeValue {
            clearBindings()
            return
        }
        sqlite3_reset(handle)
        if borrowedIndex != 0 {
            sqlite3_bind_null(handle, borrowedIndex)
            borrowedIndex = 0
        }
    }

    /// The number of columns in a result row.
    package var columnCount: Int { Int(sqlite3_column_count(handle)) }

    /// Whether column `index` of the current row is NULL.
    package func isNull(_ index: Int) -> Bool { sqlite3_column_type(handle, Int32(index)) == SQLITE_NULL }

    /// Whether column `index` (0-based) of the current row holds text.
    package func isText(_ index: Int) -> Bool { sqlite3_column_type(handle, Int32(index)) == SQLITE_TEXT }

    /// Column `index` of the current row as an integer (NULL reads as 0).
    package func int64(_ index: Int) -> Int64 { sqlite3_column_int64(handle, Int32(index)) }

    /// Column `index` of the current row as an `Int` (NULL reads as 0).
    package func int(_ index: Int) -> Int { Int(sqlite3_column_int64(handle, Int32(index))) }

    /// Column `index` of the current row as a double (NULL reads as 0).
    package func double(_ index: Int) -> Double { sqlite3_column_double(handle, Int32(index)) }

    /// Column `index` of the current row as text, or nil when NULL.
    package func string(_ index: Int) -> String? {
        guard let text = sqlite3_column_text(handle, Int32(index)) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, Int32(index)))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// Column `index` of the current row as bytes, or nil when NULL.
    package func data(_ index: Int) -> Data? {
        let column = Int32(index)
        guard sqlite3_column_type(handle, column) != SQLITE_NULL else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        guard count > 0, let bytes = sqlite3_column_blob(handle, column) else { return Data() }
        return Data(bytes: bytes, count: count)
    }

    /// Calls `body` with column `index`'s bytes where SQLite holds them, without copying; the
    /// buffer is valid only during the call (NULL and empty values give an empty buffer).
    package func withBytes<T>(_ index: Int, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        let column = Int32(index)
        let start = sqlite3_column_blob(handle, column)
        let count = Int(sqlite3_column_bytes(handle, column))
        return try body(UnsafeRawBufferPointer(start: count > 0 ? start : nil, count: count))
    }

    /// Column `index` of the current row as a `SQLiteValue`.
    package func value(_ index: Int) -> SQLiteValue {
        switch sqlite3_column_type(handle, Int32(index)) {
        case SQLITE_INTEGER: .integer(int64(index))
        case SQLITE_FLOAT: .real(double(index))
        case SQLITE_TEXT: .text(string(index) ?? "")
        case SQLITE_BLOB: .blob(data(index) ?? Data())
        default: .null
        }
    }
}
