import Foundation
import MigrationHeader
import TestSupport
import Testing

@testable import StateStore

@Suite struct MigrationFileTests {
    @Test func embeddedMigrationsEqualTheMigrationsFolderByteForByte() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: PackageFolders.migrations.path)
            .filter { $0.hasSuffix(".sql") }.sorted()
        #expect(EmbeddedMigrations.files.map(\.name) == names)
        for entry in EmbeddedMigrations.files {
            let onDisk = try Data(contentsOf: PackageFolders.migrations.appendingPathComponent(entry.name))
            #expect(Data(entry.sql.utf8) == onDisk, "embedded \(entry.name) differs from the file")
        }
    }

    @Test func whatTheBuildDerivedIsWhatTheStoreDerivesFromTheText() throws {
        let embedded = try MigrationFile.embedded.get()
        let inCode = try embedded.map { try MigrationFile(name: $0.name, sql: $0.sql) }
        #expect(embedded == inCode)
        for (built, parsed) in zip(embedded, inCode) {
            #expect(built.checksum == parsed.checksum, "\(built.name)")
            #expect(built.compatibility == parsed.compatibility, "\(built.name)")
            #expect(parsed.schemaObjects == nil)
            #expect(
                built.schemaObjects == SchemaVerification.requiredObjects(upTo: built.version, in: inCode),
                "the objects the build derived for \(built.name) differ from the SQL's")
            #expect(SchemaVerification.requiredObjects(upTo: built.version, in: embedded) == built.schemaObjects)
        }
    }

    @Test func aCommentInACRLFMigrationEndsAtItsLine() {
        #expect(
            SchemaChange.changes(in: "-- a comment\r\nCREATE TABLE a (x);\r\nCREATE UNIQUE INDEX a_x ON a (x); -- b\r\nDROP TABLE c;")
                == [.create("a", onTable: nil), .create("a_x", onTable: "a"), .drop("c")])
    }

    @Test func aMigrationGivenInCodeAfterEmbeddedOnesIsParsedAtRunTime() throws {
        let embedded = try MigrationFile.embedded.get()
        let extra = try MigrationFile(
            name: String(format: "%04d_extra.sql", embedded.count + 1),
            sql: "-- readable-by: \(embedded.count)\n-- writable-by: \(embedded.count)\nCREATE TABLE extra (x); CREATE INDEX extra_x ON extra (x);")
        let migrations = try Migrator(migrations: embedded + [extra]).migrations
        let required = SchemaVerification.requiredObjects(upTo: extra.version, in: migrations)
        #expect(required == ((embedded.last?.schemaObjects ?? []) + ["extra", "extra_x"]).sorted())
    }

    @Test func embeddedMigrationsAreNumberedWithoutGaps() throws {
        let files = try MigrationFile.embedded.get()
        #expect(files.map(\.version) == Array(1...files.count))
    }

    @Test func checksumIgnoresCRLFLineEndings() throws {
        let unix = try MigrationFile(name: "0001_x.sql", sql: "CREATE TABLE a (x);\nCREATE TABLE b (y);\n")
        let windows = try MigrationFile(name: "0001_x.sql", sql: "CREATE TABLE a (x);\r\nCREATE TABLE b (y);\r\n")
        let edited = try MigrationFile(name: "0001_x.sql", sql: "CREATE TABLE a (z);\nCREATE TABLE b (y);\n")
        #expect(unix.checksum == windows.checksum)
        #expect(unix.checksum != edited.checksum)
        #expect(unix.checksum.count == 64)
    }

    @Test(arguments: [
        "create.sql", "0001-create.sql", "0000_zero.sql", "0001_x.txt", "_0001.sql", "99999999999999999999_overflow.sql", "0001_x.sql.bak",
        "\u{0663}_arabic_digit.sql", "0001\u{0301}_combined_digit.sql", "0001_x.sq\u{0301}l",
    ])
    func malformedFileNamesAreRejected(name: String) {
        #expect(throws: StoreError.self) { try MigrationFile(name: name, sql: "") }
    }

    /// ASCII names are read byte by byte and the rest as characters: both give the number.
    @Test(arguments: [("0001_x.sql", 1), ("0004_café.sql", 4), ("0000000000000000000002_leading_zeros.sql", 2), ("0003_naïve name.sql", 3)])
    func fileNamesGiveTheirVersion(name: String, version: Int) throws {
        #expect(try MigrationFile(name: name, sql: "").version == version)
    }

    @Test func gapsInNumberingAreRejected() throws {
        let files = [try MigrationFile(name: "0001_a.sql", sql: ""), try MigrationFile(name: "0003_c.sql", sql: "")]
        #expect(throws: StoreError.self) { try Migrator(migrations: files) }
    }
}
