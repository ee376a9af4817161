import CSQLite
import Foundation

/// A statement every write runs, kept prepared in a slot of its own on each connection: taking
/// it looks nothing up (the statement cache compares or hashes the SQL, which cost a save more
/// than a tenth of its own work).
package struct KeptStatement: Sendable {
    let slot: Int
    let sql: String

    /// `BEGIN IMMEDIATE`, which every write transaction begins with.
    static let beginImmediate = KeptStatement(slot: 0, sql: "BEGIN IMMEDIATE")
    /// `COMMIT`, which ends it.
    static let commit = KeptStatement(slot: 1, sql: "COMMIT")
    /// The record upsert (`Store.upsertRecordSQL`).
    package static let upsertRecord = KeptStatement(slot: 2, sql: Store.upsertRecordSQL)
    static let slotCount = 3
}

extension Database {
    /// The prepared statement `kept` names, prepared now at its first use on this connection.
    package func statement(_ kept: KeptStatement) throws(StoreError) -> Statement {
        if let statement = keptStatements[kept.slot].statement { return statement }
        let statement = try makeStatement(kept.sql)
        keptStatements[kept.slot].statement = statement
        return statement
    }

    /// Runs `kept`, a statement without parameters or rows (`BEGIN IMMEDIATE`, `COMMIT`).
    func run(_ kept: KeptStatement) throws(StoreError) {
        let statement = try statement(kept)
        defer { statement.reset() }
        while try statement.step() {}
    }

    /// A prepared statement for `sql`, reused from the cache when it was prepared before.
    package func cachedStatement(_ sql: String) throws(StoreError) -> Statement {
        for recent in recentStatements where recent.sql == sql { return recent.statement }
        let statement: Statement
        if let cached = cached(sql) {
            statement = cached
        } else {
            statement = try makeStatement(sql)
            keep(statement, for: sql)
        }
        if recentStatements.count >= Self.recentStatementCount { recentStatements.removeLast() }
        recentStatements.insert(SQLStatement(sql: sql, statement: statement), at: 0)
        return statement
    }

    /// The cached statement for `sql`, if any.
    private func cached(_ sql: String) -> Statement? {
        if statementCache.isEmpty { return statementList.first { $0.sql == sql }?.statement }
        return statementCache[sql]
    }

    /// Caches `statement`: in the list while the connection has prepared at most
    /// ``listedStatementCount``, in the dictionary past that; both are emptied when they hold
    /// the configuration's capacity.
    private func keep(_ statement: Statement, for sql: String) {
        if statementList.count + statementCache.count >= configuration.statementCacheCapacity {
            statementList.removeAll()
            statementCache.removeAll()
        }
        if statementCache.isEmpty, statementList.count < Self.listedStatementCount {
            statementList.append(SQLStatement(sql: sql, statement: statement))
            return
        }
        for listed in statementList { statementCache[listed.sql] = listed.statement }
        statementList.removeAll()
        statementCache[sql] = statement
    }

    /// Prepares `sql` without caching it.
    package func makeStatement(_ sql: String) throws(StoreError) -> Statement {
        guard handle != nil else { throw closedError(sql) }
        return try Statement(database: self, sql: sql)
    }

    /// Runs one statement with bound values, discarding any rows.
    package func execute(_ sql: String, _ values: [SQLiteValue] = []) throws(StoreError) {
        let statement = try cachedStatement(sql)
        if values.isEmpty, sqlite3_bind_parameter_count(statement.handle) == 0 {
            // BEGIN, COMMIT and the like: nothing to bind; only make sure it starts afresh.
            statement.reset()
        } else {
            try statement.bind(values)
        }
        defer { statement.reset() }
        while try statement.step() {}
    }

    /// Runs a script of several statements that take no parameters (schema changes, pragmas).
    package func executeScript(_ sql: String) throws(StoreError) {
        guard let handle else { throw closedError(sql) }
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            sqlite3_free(message)
            // From the connection, so a refusal of the system names its errno (EMFILE, EROFS).
            throw StoreError(connection: handle, resultCode: code, sql: sql)
        }
    }

    /// Runs a query and maps every row.
    package func fetchAll<T>(_ sql: String, _ values: [SQLiteValue] = [], row: (Statement) throws -> T) throws -> [T] {
        let statement = try cachedStatement(sql)
        try statement.bind(values)
        defer { statement.reset() }
        var rows: [T] = []
        while try statement.step() { rows.append(try row(statement)) }
        return rows
    }

    /// Runs a query and calls `body` with each row, building nothing. Without `caching`, the
    /// statement is prepared for this call alone and finalized after it: for one a connection
    /// runs once (the checks of its open), which the cache would keep prepared until the
    /// connection closes, and finalize then.
    package func forEachRow(_ sql: String, caching: Bool = true, _ body: (Statement) throws -> Void) throws {
        let statement = try caching ? cachedStatement(sql) : makeStatement(sql)
        defer { statement.reset() }
        while try statement.step() { try body(statement) }
    }

    /// Runs a query and maps its first row, or returns nil when there is none; without
    /// `caching`, prepared for this call alone (see ``forEachRow(_:caching:_:)``).
    package func fetchOne<T>(
        _ sql: String, _ values: [SQLiteValue] = [], caching: Bool = true, row: (Statement) throws(StoreError) -> T
    ) throws(StoreError) -> T? {
        let statement = try caching ? cachedStatement(sql) : makeStatement(sql)
        try statement.bind(values)
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return try row(statement)
    }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE.
    package var changes: Int { handle.map { Int(sqlite3_changes64($0)) } ?? 0 }

    /// Whether a transaction is open on this connection.
    package var isInTransaction: Bool { handle.map { sqlite3_get_autocommit($0) == 0 } ?? false }

    func error(_ code: Int32, sql: String?) -> StoreError {
        let error = StoreError(connection: handle, resultCode: code, sql: sql)
        // A reader that SQLite could not give the log's index names the storage's cause.
        return configuration.access == .readOnly ? error.namingTheStorageCause(of: file, opening: "to read it") : error
    }

    func closedError(_ sql: String) -> StoreError {
        StoreError.sqlite(extendedCode: SQLITE_MISUSE, message: "the connection to \(path) is closed", sql: sql)
    }
}
