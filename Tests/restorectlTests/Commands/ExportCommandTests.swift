import Foundation
import JSON
import StateRestore
import StateStore
import TestSupport
import Testing

/// `restorectl export --redact` through the built binary: a file full of personal strings
/// exported, every file the export wrote scanned for each of them.
@Suite struct ExportCommandTests {
    let folder: TemporaryDirectory
    let source: String
    let output: String

    init() throws {
        folder = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder.path("source"), withIntermediateDirectories: false)
        try FileManager.default.createDirectory(atPath: folder.path("export"), withIntermediateDirectories: false)
        source = folder.path("source/state.sqlite")
        output = folder.path("export/redacted.sqlite")
    }

    @Test(arguments: [true, false])
    func anExportHoldsNoPersonalStringAndKeepsEverythingElse(withFormats: Bool) throws {
        try PersonalDatabase.make(at: source)
        let formats = try PersonalDatabase.makeFormats(in: folder.path("."))
        let before = try ReadingVerbsTests.listing(folder.url.appendingPathComponent("source"))
        let run = try ChildRun(restorectl: ["export", "--db", source, "--redact", "--out", output] + (withFormats ? ["--formats", formats] : []))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try ReadingVerbsTests.listing(folder.url.appendingPathComponent("source")) == before, "the source's folder changed")
        // Without the app's format folders its kinds' field names go too, and stderr says so.
        if withFormats {
            #expect(run.stderr.isEmpty, "\(run.stderr)")
        } else {
            #expect(
                run.stderr.contains("kind(s) inbox, podcast have no recorded shape") && run.stderr.contains("--formats DIR"), "\(run.stderr)")
        }

        // Every file the export wrote (the database, and any log it left) holds no name and no
        // string of the source, key or value.
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.path("export"))
        #expect(written == ["redacted.sqlite"], "the export left \(written)")
        let personal = try PersonalDatabase.personalStrings(in: source)
        #expect(personal.count > 35)
        for name in written {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: folder.path("export/\(name)")))
            for string in personal {
                #expect(bytes.range(of: Data(string.utf8)) == nil, "\(name) holds \"\(string)\"")
            }
        }

        // Every table has as many rows; store_meta's key is a new one.
        let counts = try PersonalDatabase.rowCounts(in: source)
        #expect(try PersonalDatabase.rowCounts(in: output) == counts)
        #expect(counts.keys.sorted() == ["quarantine", "record_build", "record_history", "restore_mark", "scene_state", "shelf_snapshot", "store_meta"])
        #expect(counts.values.allSatisfy { $0 > 0 }, "\(counts)")
        #expect(try PersonalDatabase.column("value", of: "store_meta", in: output) != PersonalDatabase.column("value", of: "store_meta", in: source))
        let keys = try Set(PersonalDatabase.column("key", of: "store_meta", in: source))
        #expect(try keys.intersection(PersonalDatabase.column("key", of: "store_meta", in: output)) == [Data("account_fence_key".utf8)])
        #expect(try PersonalDatabase.column("build", of: "record_build", in: output) == [Data("1.4.2 (812)".utf8)])

        // Each payload keeps the field names its kind's shapes give (an app kind's only with
        // --formats), numbers, booleans, versions and structure, each other key and string its
        // length (in Characters), each enum value its value.
        let kept: (String) -> (keys: Set<String>, values: Set<String>) = { kind in
            withFormats || !["inbox", "podcast"].contains(kind) ? (PersonalDatabase.fieldNames, ["date", "sender"]) : (["version", "minReaderVersion"], [])
        }
        for table in ["scene_state", "record_history", "shelf_snapshot", "quarantine"] {
            let original = try PersonalDatabase.skeletons(of: table, in: source, keeping: kept)
            let exported = try PersonalDatabase.skeletons(of: table, in: output, keeping: kept)
            #expect(exported == original, "\(table): \(exported)")
        }

        // Keys and values share one map: equal strings stay equal wherever they are.
        let records = try PersonalDatabase.column("payload", of: "scene_state", in: output).map { try JSONValue.parse($0) }
        let catalog = try #require(records.first { $0["selectedID"] == .integer(101) })
        let notes = try #require(records.first { $0["selectedNoteID"] == .integer(102) })
        #expect(catalog["query"] == notes["query"] && catalog["query"] != .string("Marguerite Duras"))
        let podcast = try #require(records.first { $0.encoded().contains("1200.5") })
        guard case .object(let fields) = podcast else { throw PodcastFailure() }
        let members = fields.map(\.value)
        guard members.count == 4, case .string(let episode) = members[1], case .object(let positions) = members[2], case .object(let numbers) = members[3]
        else { throw PodcastFailure() }
        #expect(positions.first?.key == episode && positions[episode] == .integer(-1))
        #expect(numbers.map(\.key) == ["7", "12"] && numbers["7"] == .string(episode))
        if withFormats {
            #expect(Set(records.compactMap { if case .string(let sort)? = $0["sort"] { sort } else { nil } }) == ["sender", "date"])
            let unicode = try #require(records.first { $0["selectedID"] == .integer(105) })
            #expect(unicode["query"].flatMap { if case .string(let text) = $0 { text.count } else { nil } } == "zéphyr ÉCLAIR à Noël".count)
        }

        // A quarantine error keeps the engine's words and numbers, and what it quotes goes.
        let errors = try PersonalDatabase.column("error", of: "quarantine", in: output).map { String(decoding: $0, as: UTF8.self) }
        #expect(errors.contains { $0.hasPrefix(#"field "query" must be a string, got integer 42 "#) }, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("record is not valid JSON: unexpected end of input after \"") }, "\(errors)")
    }

    struct PodcastFailure: Error {}

    /// Two scenes whose names are two spellings of one text (`café` composed and decomposed)
    /// are exported as two, and replayed as two: Swift calls the names equal, so the export
    /// hashed both to one (a UNIQUE constraint failed: 65), and the replay read one scene's
    /// record for the other and compared it with the other's expectation.
    @Test func twoSpellingsOfOneSceneNameAreExportedAndReplayedAsTwoScenes() throws {
        for (scene, query) in [("caf\u{E9}", "composed"), ("cafe\u{301}", "decomposed")] {
            let state = #"{"version":1,"query":"\#(query)","selectedNoteID":null}"#
            #expect(CapturedRun(["save", "--db", source, "--scene", scene, "--kind", "notes", "--state", "-"], input: Data(state.utf8)).exitCode == 0)
        }
        let export = try ChildRun(restorectl: ["export", "--db", source, "--redact", "--out", output])
        #expect(export.status == 0, "\(export.stderr)")
        let document = folder.path("notes.json")
        try Data(#"{"notes": []}"#.utf8).write(to: URL(fileURLWithPath: document))
        let replay = try JSONValue.parse(Data(CapturedRun(["replay", "--db", source, "--document", document, "--json"]).stdout.utf8))
        guard case .array(let restored)? = replay["restored"] else {
            Issue.record("no restorations: \(replay)")
            return
        }
        let queries = restored.map { ($0["scene"].flatMap { if case .string(let s) = $0 { Array(s.utf8) } else { nil } }, $0["state"]?["query"]) }
        #expect(queries.contains { $0.0 == Array("caf\u{E9}".utf8) && $0.1 == "composed" }, "\(restored)")
        #expect(queries.contains { $0.0 == Array("cafe\u{301}".utf8) && $0.1 == "decomposed" }, "\(restored)")
    }

    /// Two accounts whose names are two spellings of one text each keep their sign-out
    /// generation in the export: the export listed the accounts in a set of Swift strings, so
    /// one of them had its generation's key replaced by a random one and read 0 there.
    @Test func twoSpellingsOfOneAccountNameKeepTheirGenerationsInTheExport() throws {
        let state = Data(#"{"version":1,"query":"q","selectedNoteID":null}"#.utf8)
        for account in ["caf\u{E9}", "cafe\u{301}"] {
            let save = ["save", "--db", source, "--scene", "main", "--account", account, "--kind", "notes", "--state", "-"]
            #expect(CapturedRun(save, input: state).exitCode == 0)
            #expect(CapturedRun(["purge", "--db", source, "--account", account]).exitCode == 0)
            #expect(CapturedRun(save, input: state).exitCode == 0)
        }
        let export = try ChildRun(restorectl: ["export", "--db", source, "--redact", "--out", output])
        #expect(export.status == 0, "\(export.stderr)")
        let store = try Store(readingExistingFileAt: output)
        defer { store.close() }
        var accounts: [[UInt8]: String] = [:]
        for summary in try store.recordSummaries() { accounts[Array(summary.account.utf8)] = summary.account }
        #expect(accounts.count == 2)
        for account in accounts.values { #expect(try store.accountGeneration(account) == 1, "\(account)") }
    }

    /// A column that holds numbers (versions, times, ids, counts) holding text instead (a
    /// damaged or hand-edited file): the text is not the engine's, so it goes as a name does,
    /// hashed. It was copied as it was, kept as the numbers are.
    @Test func textWhereANumberBelongsIsNotCopied() throws {
        try PersonalDatabase.make(at: source)
        let edit = try Database(path: source, configuration: DatabaseConfiguration(access: .readWrite(createIfMissing: false)))
        try edit.executeScript(
            """
            UPDATE scene_state SET updated_at = 'SECRET-TIME-1', version = 'SECRET-VERSION-2';
            UPDATE record_history SET replaced_at = 'SECRET-REPLACED-3';
            UPDATE quarantine SET quarantined_at = 'SECRET-QUARANTINED-4';
            UPDATE restore_mark SET started_at = 'SECRET-STARTED-5';
            UPDATE shelf_snapshot SET row_count = 'SECRET-ROWS-6';
            """)
        edit.close()
        let run = try ChildRun(restorectl: ["export", "--db", source, "--redact", "--out", output])
        #expect(run.status == 0, "\(run.stderr)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: output))
        for planted in ["SECRET-TIME-1", "SECRET-VERSION-2", "SECRET-REPLACED-3", "SECRET-QUARANTINED-4", "SECRET-STARTED-5", "SECRET-ROWS-6"] {
            #expect(bytes.range(of: Data(planted.utf8)) == nil, "the export holds \(planted)")
        }
        #expect(try PersonalDatabase.rowCounts(in: output) == PersonalDatabase.rowCounts(in: source))
    }

    @Test func anExistingOutputIsRefusedAndLeftAsItWas() throws {
        try PersonalDatabase.make(at: source)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: output))
        let directory = folder.path("export/folder.sqlite")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let link = folder.path("export/dangling.sqlite")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder.path("nowhere.sqlite"))
        let before = try ReadingVerbsTests.listing(folder.url.appendingPathComponent("export"))
        for existing in [output, directory, link] {
            let run = try ChildRun(restorectl: ["export", "--db", source, "--redact", "--out", existing])
            #expect(run.status == 73 && run.stderr.contains("exists"), "\(existing): \(run.status) \(run.stderr)")
        }
        #expect(try ReadingVerbsTests.listing(folder.url.appendingPathComponent("export")) == before)
        #expect(!FileManager.default.fileExists(atPath: folder.path("nowhere.sqlite")))
    }

    @Test(
        arguments: [
            (["export", "--redact", "--out", "OUT"], 64, "--db"),
            (["export", "--db", "DB", "--out", "OUT"], 64, "--redact"),
            (["export", "--db", "MISSING", "--redact", "--out", "OUT"], 66, "no such database file"),
            (["export", "--db", "RANDOM", "--redact", "--out", "OUT"], 65, "not a readable"),
            (["export", "--db", "NEWER", "--redact", "--out", "OUT"], 65, "newer"),
            (["export", "--db", "FOREIGN", "--redact", "--out", "OUT"], 65, "another program"),
            (["export", "--db", "UNKNOWN-TABLE", "--redact", "--out", "OUT"], 65, "personal_notes"),
            (["export", "--db", "UNKNOWN-COLUMN", "--redact", "--out", "OUT"], 65, "nickname"),
        ] as [([String], Int32, String)])
    func badInputExitsAsDocumentedAndWritesNothing(arguments: [String], status: Int32, message: String) throws {
        try PersonalDatabase.make(at: source)
        let odd = folder.path("source/odd.sqlite")
        let filled = try arguments.map { argument in
            switch argument {
            case "DB": return source
            case "OUT": return output
            case "MISSING": return folder.path("source/missing.sqlite")
            case "RANDOM":
                try Data((0..<4_096).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) }).write(to: URL(fileURLWithPath: odd))
                return odd
            case "NEWER":
                try PersonalDatabase.load(PackageFolders.path("cases/database-newer/database.sql"), into: odd)
                return odd
            case "FOREIGN":
                try PersonalDatabase.execute("PRAGMA application_id = 42; CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('Anne-Marie')", in: odd)
                return odd
            case "UNKNOWN-COLUMN":
                try PersonalDatabase.make(at: odd)
                try PersonalDatabase.execute("ALTER TABLE quarantine ADD COLUMN nickname TEXT; UPDATE quarantine SET nickname = 'Anne-Marie'", in: odd)
                return odd
            case "UNKNOWN-TABLE":
                try PersonalDatabase.make(at: odd)
                try PersonalDatabase.execute("CREATE TABLE personal_notes (body TEXT); INSERT INTO personal_notes VALUES ('Anne-Marie Stretter')", in: odd)
                return odd
            default: return argument
            }
        }
        let before = try ReadingVerbsTests.listing(folder.url.appendingPathComponent("source"))
        let run = try ChildRun(restorectl: filled)
        #expect(run.status == status, "\(arguments): \(run.status) \(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path("export")).isEmpty, "\(arguments) wrote something")
        #expect(try ReadingVerbsTests.listing(folder.url.appendingPathComponent("source")) == before)
    }
}
