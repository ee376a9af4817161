import Foundation
import Testing

@testable import StateStore

@Suite struct MigrationFileTests {
    @Test func embeddedMigrationsEqualTheMigrationsFolderByteForByte() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: PackageFolders.migrations.path)
            .filter { $0.hasSuffix(".sql") }.sorted()
        #expect(EmbeddedMigrations.files.map(\.name) == names)
        for entry in EmbeddedMigrations.files {
            let onDisk = try Data(contentsOf: PackageFolders.migrations.appendingPathComponent(entry.name))
            #expect(Data(base64Encoded: entry.base64) == onDisk, "embedded \(entry.name) differs from the file")
        }
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

    @Test(arguments: ["create.sql", "0001-create.sql", "0000_zero.sql", "0001_x.txt", "_0001.sql"])
    func malformedFileNamesAreRejected(name: String) {
        #expect(throws: MigrationError.self) { try MigrationFile(name: name, sql: "") }
    }

    @Test func gapsInNumberingAreRejected() throws {
        let files = [try MigrationFile(name: "0001_a.sql", sql: ""), try MigrationFile(name: "0003_c.sql", sql: "")]
        #expect(throws: MigrationError.self) { try Migrator(migrations: files) }
    }
}
