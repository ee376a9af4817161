import Foundation
import ScreenKinds
import ScreenModels
import StateRestore
import StateStore
import TestSupport
import Testing

/// Damaged copies of a healthy, populated database of ours (every page overwritten in turn,
/// truncations, a dropped table or index, a malformed `sqlite_schema`, `user_version` and
/// `schema_history` out of step), each run through every command and the library's restore
/// and writer.
///
/// For every one: no command exits 70 or hangs; read-only commands change nothing; the
/// original bytes survive beside the database; after one launch, saving and restoring work.
@Suite struct DamagedDatabaseTests {
    /// One damaged file and whether the damage is structural (so every command must see it).
    struct Damage: CustomStringConvertible, Sendable {
        let description: String
        let bytes: Data
        /// Damage the schema check classifies: status/inspect 65, check 1, save/migrate 65.
        let isStructural: Bool
    }

    static let document = CatalogDocument(books: (1...30).map { CatalogBook(id: $0, title: "Book \($0)") })
    static let key = try! SceneKey(scene: "main")

    @Test(arguments: try DamagedDatabaseTests.damages())
    func everyCommandAndTheLibraryHandleADamagedFile(_ damage: Damage) throws {
        let stateFile = try StateFile()
        try damage.bytes.write(to: URL(fileURLWithPath: stateFile.path))

        // Read-only commands: never 70, never a change; structural damage is named in one line.
        for arguments in [["status"], ["status", "--json"], ["inspect"], ["inspect", "--json"], ["check"], ["check", "--json"], ["quarantine", "list"], ["migrate", "--dry-run"]] {
            let before = try Self.listing(stateFile.folder)
            let run = CapturedRun(arguments + ["--db", stateFile.path])
            #expect(run.exitCode != 70, "\(damage): \(arguments) exited 70: \(run.stderr)")
            #expect(try Self.listing(stateFile.folder) == before, "\(damage): \(arguments) changed the files")
            guard damage.isStructural else { continue }
            if arguments[0] == "check" {
                #expect(run.exitCode == 1, "\(damage): \(arguments) exited \(run.exitCode)")
                #expect(run.stdout.contains("not a readable restorectl database"), "\(damage): \(run.stdout)")
            } else if arguments[0] != "quarantine" {
                #expect(run.exitCode == 65, "\(damage): \(arguments) exited \(run.exitCode): \(run.stdout)")
                #expect(
                    run.stderr.hasSuffix("\n") && run.stderr.dropLast().split(separator: "\n").count == 1 && run.stderr.contains("not a readable restorectl database"),
                    "\(damage): \(arguments): \(run.stderr)")
            }
        }

        // Writing commands refuse a structurally damaged file with 65 and change nothing.
        let record = PackageFolders.path("records/v3-viewport.json")
        for arguments in [["save", "--scene", "other", "--state", record], ["migrate"]] {
            let before = try Self.listing(stateFile.folder)
            let run = CapturedRun(arguments + ["--db", stateFile.path])
            #expect(run.exitCode != 70, "\(damage): \(arguments) exited 70: \(run.stderr)")
            if damage.isStructural {
                #expect(run.exitCode == 65, "\(damage): \(arguments) exited \(run.exitCode)")
                #expect(try Self.listing(stateFile.folder) == before, "\(damage): \(arguments) changed the files")
                // `save` says what would recover the file.
                if arguments[0] == "save" {
                    #expect(
                        run.stderr.contains("The app's next launch moves a damaged file aside") && run.stderr.contains("mv \(stateFile.path) \(stateFile.path).damaged"),
                        "\(damage): \(run.stderr)")
                }
            }
        }

        // The writer on the damaged file: a typed error or success, never a trap.
        if let writer = try? CoalescingWriter(path: stateFile.path, window: .seconds(3_600)) {
            writer.save(CatalogViewState(query: "writer"), for: Self.key)
            do {
                try writer.flush()
            } catch {
                #expect(error is StoreError, "\(damage): flush threw \(error)")
            }
            try? writer.close()
        }

        // Launch 1 restores (moving damage aside) and saves; launch 2 restores that save.
        let bytesBeforeLaunch = try Data(contentsOf: URL(fileURLWithPath: stateFile.path))
        let first = StateRestorer(path: stateFile.path)
        let restored = first.restore(CatalogViewState.self, Self.key, against: Self.document)
        if restored.reports(.databaseCorrupt) {
            let copies = CorruptDatabaseFiles.copies(of: stateFile.path)
            #expect(copies.count == 1 && copies.map { FileManager.default.contents(atPath: $0) } == [bytesBeforeLaunch], "\(damage): the damaged bytes were not kept beside the database")
        } else if damage.isStructural {
            Issue.record("\(damage): restore reported \(restored.report.map(\.code))")
        }
        first.completeRestore(restored)
        try first.save(CatalogViewState(query: "after"), for: Self.key)
        try first.close()
        let second = StateRestorer(path: stateFile.path)
        defer { try? second.close() }
        let again = second.restore(CatalogViewState.self, Self.key, against: Self.document)
        #expect(again.state.query == "after", "\(damage): launch 2 restored \(again.report.map(\.code))")
        #expect(!again.reports(.databaseCorrupt) && !again.reports(.databaseUnavailable), "\(damage): \(again.report)")
    }

    // MARK: Damaged files

    /// A healthy database of ours: records, a quarantined record and a shelf snapshot, closed
    /// (checkpointed, no `-wal`).
    static func healthyDatabase(in dir: TemporaryDirectory) throws -> String {
        let path = dir.path("healthy.sqlite")
        let store = try Store(path: path, migrator: StateMigrations.makeMigrator())
        for index in 0..<40 {
            let payload = #"{"version":3,"query":"q\#(index) \#(String(repeating: "x", count: 200))","selectedID":\#(index)}"#
            try store.saveRecord(payload, version: 3, account: "acct\(index % 3)", scene: "scene-\(index)", kind: "catalog")
        }
        try store.saveRecord("not json", version: 3, account: "default", scene: "broken", kind: "catalog")
        try store.quarantineRecord(account: "default", scene: "broken", kind: "catalog", reason: .unreadable, error: "test")
        store.close()
        return path
    }

    static func damages() throws -> [Damage] {
        let dir = try TemporaryDirectory()
        let healthyPath = try healthyDatabase(in: dir)
        let healthy = try Data(contentsOf: URL(fileURLWithPath: healthyPath))
        let pageSize = 4096
        var damages: [Damage] = []
        for page in 0..<(healthy.count / pageSize) {
            var bytes = healthy
            // Fixed garbage (a small linear congruential sequence), so every run damages alike.
            var state = UInt32(page + 1)
            let garbage = (0..<pageSize).map { _ in
                state = state &* 1_103_515_245 &+ 12_345
                return UInt8(truncatingIfNeeded: state >> 16)
            }
            bytes.replaceSubrange(page * pageSize..<(page + 1) * pageSize, with: garbage)
            damages.append(Damage(description: "page \(page + 1) overwritten", bytes: bytes, isStructural: page == 0))
        }
        for length in [100, 4096, healthy.count / 2, healthy.count - pageSize] {
            damages.append(Damage(description: "truncated to \(length) bytes", bytes: healthy.prefix(length), isStructural: false))
        }
        for (name, sql) in [
            ("scene_state dropped", "DROP TABLE scene_state"),
            ("quarantine dropped", "DROP TABLE quarantine"),
            ("schema_history dropped", "DROP TABLE schema_history"),
            ("index quarantine_by_scene dropped", "DROP INDEX quarantine_by_scene"),
            ("schema_history behind user_version", "DELETE FROM schema_history WHERE version = 3"),
            ("user_version behind schema_history", "PRAGMA user_version = 2"),
        ] {
            damages.append(Damage(description: name, bytes: try altered(healthyPath, in: dir, sql), isStructural: true))
        }
        // A malformed sqlite_schema: a table's CREATE statement made unparseable in place.
        var malformed = healthy
        let statement = Data("CREATE TABLE shelf_snapshot".utf8)
        if let range = malformed.range(of: statement) {
            malformed.replaceSubrange(range, with: Data("CREATE TABLE shelf_snapsho(".utf8))
        }
        damages.append(Damage(description: "sqlite_schema malformed", bytes: malformed, isStructural: true))
        return damages
    }

    /// A save through a link to a file that is not a database is refused (65), and the advice
    /// is a link's: what a link points at is never moved aside, by the tool or by a launch. It
    /// told the person the next launch would move the linked file aside.
    @Test func aSaveThroughALinkToAFileThatIsNoDatabaseAdvisesWhatALinkAllows() throws {
        let dir = try TemporaryDirectory()
        try Data("notes, not a database\n".utf8).write(to: URL(fileURLWithPath: dir.path("text.txt")))
        try FileManager.default.createSymbolicLink(atPath: dir.path("state.sqlite"), withDestinationPath: "text.txt")
        let before = try Self.listing(dir)
        let run = CapturedRun(["save", "--scene", "main", "--state", PackageFolders.path("records/v3-viewport.json"), "--db", dir.path("state.sqlite")])
        #expect(run.exitCode == 65, "\(run.stderr)")
        #expect(run.stderr.contains("is a symlink") && run.stderr.contains("never moved aside"), "\(run.stderr)")
        #expect(!run.stderr.contains("next launch moves a damaged file aside"), "\(run.stderr)")
        #expect(try Self.listing(dir) == before)
    }

    private static func altered(_ healthyPath: String, in dir: TemporaryDirectory, _ sql: String) throws -> Data {
        let path = dir.path("altered-\(UUID().uuidString).sqlite")
        try FileManager.default.copyItem(atPath: healthyPath, toPath: path)
        let db = try Database(path: path, configuration: DatabaseConfiguration(access: .readWrite(createIfMissing: false)))
        try db.executeScript(sql)
        db.close()
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    /// Every file in `dir` with its bytes.
    static func listing(_ dir: TemporaryDirectory) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.url.path) {
            files[name] = dir.contents(name) ?? Data()
        }
        return files
    }
}
