import Foundation
import TestSupport
import Testing

@testable import StateStore

/// `Database.init(_:_:configuration:)`: the one function that opens a database file, given a
/// mode, for every caller in the package's code.
struct DatabaseOpeningTests {
    @Test func creatingOpensAMissingFileAsACompleteWriteAheadLogDatabase() throws {
        let state = try StateFile()
        let database = try Database(DatabaseFile(resolving: state.path), .readWrite(createIfMissing: true))
        defer { database.close() }
        // Published complete: the file is in WAL mode before anything else opens it, mode 0600.
        #expect(try database.fetchOne("PRAGMA journal_mode") { $0.string(0) } == "wal")
        let attributes = try FileManager.default.attributesOfItem(atPath: state.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(database.configuration.access == .readWrite(createIfMissing: true))
    }

    @Test func theExistingAndReadingModesCreateNothingWhereNoFileIs() throws {
        let state = try StateFile()
        let file = try DatabaseFile(resolving: state.path("missing.sqlite"))
        for mode in [Database.OpenMode.readWrite(createIfMissing: false), .readOnly] {
            #expect(try #require(throws: StoreError.self) { try Database(file, mode) }.isSQLiteFailure)
            #expect(try FileManager.default.contentsOfDirectory(atPath: state.folder.url.path) == [])
        }
    }

    @Test func theModeDecidesTheAccessWhateverTheConfigurationSays() throws {
        let state = try StateFile()
        let file = try DatabaseFile(resolving: state.path)
        try Database(file, .readWrite(createIfMissing: true)).close()
        let reader = try Database(file, .readOnly, configuration: DatabaseConfiguration(access: .readWrite(createIfMissing: true)))
        defer { reader.close() }
        #expect(reader.configuration.access == .readOnly)
        #expect(try #require(throws: StoreError.self) { try reader.executeScript("PRAGMA user_version = 9") }.isSQLiteFailure)
    }

    /// A writer that died mid-transaction in rollback-journal mode (a file of an older release,
    /// a fixture) left pages in the file that were never committed, and a hot journal that
    /// undoes them. A reader never reads past it: it was opened as immutable (only the `-wal`
    /// was looked at), and restored and checked the uncommitted state. SQLite's refusal is now
    /// what a reader gets, in words; a writing open rolls the journal back.
    @Test func aReaderNeverReadsPastAHotRollbackJournal() throws {
        let state = try StateFile()
        let source = state.path("source.sqlite")
        let store = try Store(path: source, migrator: .withNoOpDataSteps())
        let padding = String(repeating: "x", count: 300)
        for index in 0..<200 {
            try store.saveRecord(#"{"query":"committed-\#(padding)"}"#, version: 1, account: "a", scene: "s\(index)", kind: "catalog")
        }
        store.close()
        let writer = try Database(DatabaseFile(resolving: source), .readWrite(createIfMissing: false))
        // A small cache makes the transaction write its pages into the file before it commits.
        try writer.executeScript("PRAGMA journal_mode = DELETE; PRAGMA cache_size = 2; BEGIN; UPDATE scene_state SET payload = replace(payload, 'committed', 'NEVERCOMMIT');")
        // The file and its journal as a crash at this point leaves them.
        try FileManager.default.copyItem(atPath: source, toPath: state.path)
        try FileManager.default.copyItem(atPath: source + "-journal", toPath: state.path + "-journal")
        writer.close()
        #expect(try String(decoding: Data(contentsOf: URL(fileURLWithPath: state.path)), as: UTF8.self).contains("NEVERCOMMIT"), "the uncommitted pages are in the file")

        let refusal = try #require(throws: StoreError.self) { try Store(readingExistingFileAt: state.path).close() }
        #expect(refusal.localizedDescription.contains("left its rollback journal"), "\(refusal)")
        #expect(FileManager.default.fileExists(atPath: state.path + "-journal"), "a reader rolled nothing back")

        let reopened = try Store(path: state.path, migrator: .withNoOpDataSteps())
        defer { reopened.close() }
        let record = try #require(try reopened.record(account: "a", scene: "s5", kind: "catalog"))
        #expect(String(decoding: record.payload, as: UTF8.self).contains("committed-"), "a writing open rolled the journal back")
    }

    @Test func anOwnFileIsCreatedEmptyAndPrivateNeverPublished() throws {
        let state = try StateFile()
        let staging = state.path("state.sqlite.staging-1")
        let database = try Database(DatabaseFile(linkFree: staging), .ownFile)
        defer { database.close() }
        // A plain new SQLite file (rollback journal, no schema), readable by its owner only.
        #expect(try database.fetchOne("PRAGMA journal_mode") { $0.string(0) } == "delete")
        #expect(try FileManager.default.attributesOfItem(atPath: staging)[.posixPermissions] as? Int == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: state.folder.url.path) == ["state.sqlite.staging-1"])
    }

    @Test func aLinkSwappedInAfterTheResolutionIsRefusedNotFollowed() throws {
        let state = try StateFile()
        let file = try DatabaseFile(resolving: state.path)
        try Database(DatabaseFile(resolving: state.path("other.sqlite")), .readWrite(createIfMissing: true)).close()
        try FileManager.default.createSymbolicLink(atPath: state.path, withDestinationPath: "other.sqlite")
        for mode in [Database.OpenMode.readWrite(createIfMissing: true), .readWrite(createIfMissing: false), .readOnly] {
            #expect(try #require(throws: StoreError.self) { try Database(file, mode) }.isSQLiteFailure)
        }
    }

    /// The package's code outside the benchmarks (whose raw twins measure SQLite itself) opens a
    /// file in one place: one `sqlite3_open_v2` call, in that function, and no opening by a raw
    /// path (`Database(path:)` is the tests' spelling; the public `Store` initialisers by path
    /// resolve once and forward, for apps).
    @Test func theLibraryOpensADatabaseFileInOneFunctionOnly() throws {
        var opens: [String] = []
        var rawPathOpens: [String] = []
        for (relative, url) in PackageFolders.swiftSources() {
            guard !relative.hasPrefix("restorectl-bench/"), !relative.hasPrefix("restorectl-stress/") else { continue }
            let code = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter {
                !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//")
            }
            for line in code {
                if line.contains("sqlite3_open") { opens.append(relative) }
                if line.range(of: #"(?<![A-Za-z])(Database\(path:|Store\(path:|Store\(readingExistingFileAt:)"#, options: .regularExpression) != nil {
                    rawPathOpens.append("\(relative): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(opens == ["StateStore/Connection/Database.swift"])
        #expect(rawPathOpens == [])
    }
}
