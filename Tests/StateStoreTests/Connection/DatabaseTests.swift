import Foundation
import TestSupport
import Testing

@testable import StateStore

@Suite struct DatabaseTests {
    @Test func newDatabaseFileIsPrivateToItsOwner() throws {
        let dir = try TemporaryDirectory()
        let db = try Database(path: dir.path("a.sqlite"))
        try db.activateWriteAheadLog()
        try db.execute("CREATE TABLE t (x)")
        let attributes = try FileManager.default.attributesOfItem(atPath: dir.path("a.sqlite"))
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let wal = try FileManager.default.attributesOfItem(atPath: dir.path("a.sqlite-wal"))
        #expect((wal[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test func connectionAppliesTheProjectPragmas() throws {
        let dir = try TemporaryDirectory()
        let db = try Database(path: dir.path("a.sqlite"))
        try db.activateWriteAheadLog()
        #expect(try db.fetchOne("PRAGMA journal_mode") { $0.string(0) } == "wal")
        #expect(try db.scalarInt("PRAGMA synchronous") == 1)  // NORMAL
        #expect(try db.scalarInt("PRAGMA foreign_keys") == 1)
        #expect(try db.scalarInt("PRAGMA trusted_schema") == 0)
        #expect(try db.scalarInt("PRAGMA journal_size_limit") == 4 * 1024 * 1024)
        #expect(try db.scalarInt("PRAGMA busy_timeout") == 5_000)
    }

    @Test(arguments: [
        SQLiteValue.null, .integer(Int64.min), .integer(Int64.max), .real(-0.5), .real(1e300),
        .text(""), .text("Robert'); DROP TABLE t;--"), .text("ünïcødé \u{1F4DA}"), .text("a\u{0}b"),
        .blob(Data()), .blob(Data([0, 1, 2, 255])),
    ])
    func boundValuesRoundTripExactly(value: SQLiteValue) throws {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE t (v)")
        try db.execute("INSERT INTO t (v) VALUES (?)", [value])
        let read = try db.fetchOne("SELECT v FROM t") { $0.value(0) }
        // An empty blob reads back as an empty blob, never as NULL or text.
        #expect(read == value)
        #expect(try db.scalarInt("SELECT count(*) FROM sqlite_schema") == 1)
    }

    @Test func writeTransactionRollsBackWhenItsBodyThrows() throws {
        struct Boom: Error {}
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE t (x)")
        #expect(throws: Boom.self) {
            try db.writeTransaction {
                try db.execute("INSERT INTO t VALUES (1)")
                throw Boom()
            }
        }
        #expect(try db.scalarInt("SELECT count(*) FROM t") == 0)
        #expect(!db.isInTransaction)
    }

    @Test func nestedTransactionFailureUndoesOnlyTheInnerWork() throws {
        struct Boom: Error {}
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE t (x)")
        try db.writeTransaction {
            try db.execute("INSERT INTO t VALUES (1)")
            try? db.writeTransaction {
                try db.execute("INSERT INTO t VALUES (2)")
                throw Boom()
            }
            try db.execute("INSERT INTO t VALUES (3)")
        }
        #expect(try db.fetchAll("SELECT x FROM t ORDER BY x") { $0.int(0) } == [1, 3])
    }

    @Test func errorsCarryTheExtendedCodeMessageAndSQL() throws {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE t (x PRIMARY KEY)")
        try db.execute("INSERT INTO t VALUES (1)")
        do {
            try db.execute("INSERT INTO t VALUES (1)")
            Issue.record("expected a constraint error")
        } catch {
            #expect(error.sqliteCode == .constraint)
            guard case .sqlite(let extendedCode, let message, let sql, _) = error else {
                Issue.record("expected SQLite's failure, got \(error)")
                return
            }
            #expect(extendedCode == 1555)  // SQLITE_CONSTRAINT_PRIMARYKEY
            #expect(sql == "INSERT INTO t VALUES (1)")
            #expect(message.contains("UNIQUE constraint failed"))
            #expect(error.localizedDescription.contains("UNIQUE constraint failed"))
        }
    }

    @Test func wrongNumberOfBoundValuesIsAnError() throws {
        let db = try Database(path: ":memory:")
        #expect(try #require(throws: StoreError.self) { try db.execute("SELECT ?", []) }.isSQLiteFailure)
    }

    @Test func readOnlyConnectionNeverCreatesAFile() throws {
        let dir = try TemporaryDirectory()
        let error = try #require(throws: StoreError.self) {
            _ = try Database(path: dir.path("missing.sqlite"), configuration: .init(access: .readOnly))
        }
        #expect(error.isSQLiteFailure)
        #expect(!FileManager.default.fileExists(atPath: dir.path("missing.sqlite")))
    }

    @Test func closedConnectionReportsMisuseInsteadOfCrashing() throws {
        let db = try Database(path: ":memory:")
        db.close()
        db.close()
        #expect(db.isClosed)
        #expect(try #require(throws: StoreError.self) { try db.execute("SELECT 1") }.isSQLiteFailure)
    }

    @Test func backupCopiesEveryRow() throws {
        let dir = try TemporaryDirectory()
        let db = try Database(path: dir.path("a.sqlite"))
        try db.execute("CREATE TABLE t (x)")
        try db.execute("INSERT INTO t VALUES ('kept')")
        try db.backup(to: dir.path("copy.sqlite"))
        let copy = try Database(path: dir.path("copy.sqlite"))
        #expect(try copy.fetchOne("SELECT x FROM t") { $0.string(0) } == "kept")
        #expect(try #require(throws: StoreError.self) { try db.backup(to: dir.path("copy.sqlite")) }.isSQLiteFailure)
    }

    @Test func aCachedStatementLetsGoOfALargeBoundTextWhenReset() throws {
        let db = try Database(path: ":memory:")
        let statement = try db.cachedStatement("SELECT length(?1), ?2")
        let large = String(repeating: "x", count: 64 * 1024)
        try statement.bind([.text(large), .text("small")])
        #expect(try statement.step() && statement.int(0) == large.utf8.count)
        statement.reset()
        // Run again without binding: the large text is gone (NULL), as is everything bound with it.
        #expect(try statement.step() && statement.isNull(0) && statement.isNull(1))
        statement.reset()
        try statement.bind([.text("short"), .text("small")])
        statement.reset()
        #expect(try statement.step() && statement.int(0) == 5 && statement.string(1) == "small")
    }

    @Test func textBoundInPlaceIsStoredWhole() throws {
        let db = try Database(path: ":memory:")
        try db.execute("CREATE TABLE t (a TEXT, payload TEXT)")
        let payload = Array("caf\u{E9} \u{0} \(String(repeating: "y", count: 100_000))".utf8)
        let insert = try db.cachedStatement("INSERT INTO t VALUES (?, ?)")
        try payload.withUnsafeBufferPointer { bytes in
            try insert.bind([.text("a"), .null], borrowingText: bytes, at: 2)
            defer { insert.reset() }
            try insert.step()
        }
        #expect(
            try db.fetchOne("SELECT typeof(payload), length(CAST(payload AS BLOB)), a FROM t") {
                [$0.string(0), String($0.int(1)), $0.string(2)]
            } == ["text", String(payload.count), "a"])
        #expect(try db.fetchOne("SELECT payload FROM t") { $0.data(0) } == Data(payload))
    }

    @Test func cachedStatementsAnswerForTheirOwnSQLWhateverTheOrderOfUse() throws {
        var configuration = DatabaseConfiguration()
        configuration.statementCacheCapacity = 4
        let db = try Database(path: ":memory:", configuration: configuration)
        // More statements than the recent list and the cache hold, used in a shifting order,
        // some built at run time (distinct storage, equal text).
        let order = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 9, 1, 8, 2, 7, 3, 6, 4, 5, 5, 5, 0, 0]
        for number in order {
            let sql = number.isMultiple(of: 2) ? "SELECT \(number)" : String("SELECT \(number)".reversed().reversed())
            let statement = try db.cachedStatement(sql)
            #expect(statement.sql == sql)
            #expect(try statement.step() && statement.int(0) == number)
            statement.reset()
        }
        db.close()
        #expect(try #require(throws: StoreError.self) { try db.cachedStatement("SELECT 0") }.isSQLiteFailure)
    }

    @Test func aReadOnlyOpenEncodesWhatAURIPathCannotHold() throws {
        #expect(Database.percentEncodedPath("/a b/c?d#e%f/é.sqlite") == "/a%20b/c%3Fd%23e%25f/%C3%A9.sqlite")
        #expect(Database.percentEncodedPath("/x-._~!$&'()*+,;=:@/y") == "/x-._~!$&'()*+,;=:@/y")
        let dir = try TemporaryDirectory()
        let path = dir.path("odd ?#% é.sqlite")
        let writer = try Database(path: path)
        try writer.executeScript("CREATE TABLE t (x); INSERT INTO t VALUES (7)")
        writer.close()
        let reader = try Database(path: path, configuration: DatabaseConfiguration(access: .readOnly))
        defer { reader.close() }
        #expect(try reader.scalarInt("SELECT x FROM t") == 7)
    }
}
