import Foundation
import JSON
import ScreenKinds
import StateRestore
import StateStore
import TestSupport
import Testing

/// Scene and account names: any non-empty UTF-8 string of up to 1,024 bytes without a control
/// character is data, stored and listed byte for byte; anything else exits 65 and writes
/// nothing. A name with a control character that an older build stored still works wherever a
/// stored name is looked up or removed, and is escaped wherever it is printed. The
/// `odd-scene-and-account-names` fixture covers quotes, SQL, slashes and 512 × "é"; these add
/// control characters, lookalikes and the limit in bytes rather than characters.
extension HostileInputTests {
    static let acceptedNames: [String] = [
        #"she said "hi" and 'bye'"#,
        "'; DROP TABLE scene_state; --",
        #"Robert"); DELETE FROM quarantine; --"#,
        "a/b\\c/../../etc/passwd",
        "%s%n%x {0} $(rm -rf /) `id`",
        "3F2504E0-4F89-11D3-9A0C-0305E82C3301",
        "ann.lee+state@example.org",
        "bidi \u{202E}txt.exe zero\u{200B}width \u{FEFF}bom \u{FFFD}",
        "e\u{301}",
        "🏳️‍🌈👨‍👩‍👧‍👦",
        " ",
        String(repeating: "a", count: 1_024),
        String(repeating: "📚", count: 256),
        String(repeating: "a", count: 1_022) + "é",
        String(repeating: "a", count: 1_021) + "€",
    ]

    @Test(arguments: acceptedNames)
    func namesUpTo1024BytesAreStoredAndListedByteForByte(name: String) throws {
        let record = PackageFolders.path("records/v3-viewport.json")
        let save = CapturedRun(["save", "--db", stateFile.path, "--scene", name, "--account", name, "--state", record])
        #expect(save.exitCode == 0, "\(save.stderr)")

        let inspect = CapturedRun(["inspect", "--db", stateFile.path, "--json"])
        #expect(inspect.exitCode == 0)
        let listed = try #require(try JSONValue.parse(inspect.stdout)["records"]?.firstElement)
        for field in ["scene", "account"] {
            guard case .string(let stored)? = listed[field] else {
                Issue.record("no \(field)")
                continue
            }
            #expect(Array(stored.utf8) == Array(name.utf8), "\(field) \(stored.debugDescription)")
        }

        let restore = CapturedRun(["restore", "--db", stateFile.path, "--scene", name, "--account", name, "--document", PackageFolders.path("documents/original.json"), "--json"])
        #expect(restore.exitCode == 0, "\(restore.stderr)")
        let restored = try JSONValue.parse(restore.stdout)
        #expect(restored["state"]?["selectedID"] == 8)
        #expect(restored["report"] == [])
        guard case .string(let scene)? = restored["scene"] else {
            Issue.record("no scene")
            return
        }
        #expect(Array(scene.utf8) == Array(name.utf8))
    }

    static let controlCharacterNames: [String] = [
        "tab\there, line\nbreak, return\rfeed",
        "\u{1B}[31mred\u{1B}[0m \u{1B}]0;title\u{07}",
        "del\u{7F} nel\u{85} csi\u{9B}",
    ]

    @Test(arguments: controlCharacterNames)
    func aNameWithAControlCharacterIsRefusedForNewWritesButWorksWhereAnOlderBuildStoredIt(name: String) throws {
        let record = PackageFolders.path("records/v3-viewport.json")
        // New writes and new keys: refused, on one line, naming the character.
        try expectRefusal(["save", "--db", stateFile.path, "--scene", name, "--state", record], mentioning: "contains the control character U+")
        try FileManager.default.removeItem(atPath: stateFile.path)
        try expectRefusal(["save", "--db", stateFile.path, "--scene", "other", "--account", name, "--state", record], mentioning: "contains the control character U+")
        let snapshot = stateFile.path("snapshot.json")
        try Data(#"{"version":2,"query":"","books":[],"fetchedAt":0,"drafts":[]}"#.utf8).write(to: URL(fileURLWithPath: snapshot))
        let shelf = CapturedRun(["shelf", "save", "--db", stateFile.path, "--shelf", name, "--snapshot", snapshot])
        Self.expectOneLineFailure(shelf, exitCode: 65, mentioning: "contains the control character U+")
        #expect(throws: RestoreError.self) { try SceneKey(scene: name) }
        let store = try Store(path: stateFile.path, migrator: StateMigrations.makeMigrator())
        #expect(throws: StoreError.self) { try store.saveRecord("{}", version: 3, account: "default", scene: name, kind: "catalog") }

        // As an older build stored it (the schema's CHECKs allow it).
        let payload = try String(contentsOfFile: record, encoding: .utf8)
        try store.database.execute(
            "INSERT INTO scene_state (account, scene, kind, version, payload, updated_at) VALUES (?, ?, 'catalog', 3, ?, 0)", [.text(name), .text(name), .text(payload)])
        store.close()
        let inspect = CapturedRun(["inspect", "--db", stateFile.path, "--json"])
        guard case .array(let records)? = try JSONValue.parse(inspect.stdout)["records"] else {
            Issue.record("no records: \(inspect.stdout)")
            return
        }
        #expect(records.contains { $0["scene"] == .string(name) && $0["account"] == .string(name) }, "listed byte for byte in JSON")
        for arguments in [["inspect"], ["status"], ["check"]] {
            let text = CapturedRun(arguments + ["--db", stateFile.path])
            #expect(text.exitCode == 0 || text.exitCode == 1, "\(arguments): \(text.stderr)")
            #expect(!text.stdout.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t" }, "\(arguments) printed a raw control character")
        }
        let restore = CapturedRun(["restore", "--db", stateFile.path, "--scene", name, "--account", name, "--document", PackageFolders.path("documents/original.json"), "--json"])
        #expect(restore.exitCode == 0, "\(restore.stderr)")
        #expect(try JSONValue.parse(restore.stdout)["state"]?["selectedID"] == 8, "\(restore.stdout)")
        let discard = CapturedRun(["discard", "--db", stateFile.path, "--scene", name, "--account", name])
        #expect(discard.exitCode == 0, "\(discard.stderr)")
        #expect(discard.stdout.hasSuffix(": 1 record(s).\n") && discard.stdout.split(separator: "\n").count == 1, "\(discard.stdout)")
        #expect(!discard.stdout.dropLast().unicodeScalars.contains { $0.properties.generalCategory == .control }, "\(discard.stdout)")

        // Purge and sign-out take the stored account name too.
        let again = try Store(path: stateFile.path, migrator: StateMigrations.makeMigrator())
        try again.database.execute(
            "INSERT INTO scene_state (account, scene, kind, version, payload, updated_at) VALUES (?, 'main', 'catalog', 3, ?, 0)", [.text(name), .text(payload)])
        again.close()
        let purge = CapturedRun(["purge", "--db", stateFile.path, "--account", name])
        #expect(purge.exitCode == 0 && purge.stdout.contains(": 1 record(s)"), "\(purge.stdout) \(purge.stderr)")
        let restorer = StateRestorer(path: stateFile.path)
        #expect(throws: Never.self) { try restorer.signOut(account: name) }
        try restorer.close()
    }

    /// Swift's `==` calls "é" and "e" + U+0301 equal; the store compares bytes, so they are two scenes.
    @Test func canonicallyEquivalentNamesAreDistinctScenes() throws {
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        #expect(composed == decomposed)
        for (name, record) in [(composed, "v1.json"), (decomposed, "v3-viewport.json")] {
            #expect(CapturedRun(["save", "--db", stateFile.path, "--scene", name, "--state", PackageFolders.path("records/\(record)")]).exitCode == 0)
        }
        let inspect = try JSONValue.parse(CapturedRun(["inspect", "--db", stateFile.path, "--json"]).stdout)
        guard case .array(let records)? = inspect["records"] else {
            Issue.record("no records")
            return
        }
        #expect(records.map { $0["version"] } == [1, 3] || records.map { $0["version"] } == [3, 1])
        let document = PackageFolders.path("documents/original.json")
        for (name, query) in [(composed, "programming"), (decomposed, "")] {
            let restored = try JSONValue.parse(CapturedRun(["restore", "--db", stateFile.path, "--scene", name, "--document", document, "--json"]).stdout)
            #expect(restored["state"]?["query"] == .string(query))
        }
    }

    static let refusedNames: [(name: String, problem: String)] = [
        ("", "name is empty"),
        (String(repeating: "a", count: 1_025), "name is 1025 bytes long; the limit is 1024"),
        (String(repeating: "a", count: 1_023) + "é", "name is 1025 bytes long"),
        (String(repeating: "a", count: 1_021) + "📚", "name is 1025 bytes long"),
        (String(repeating: "é", count: 513), "name is 1026 bytes long"),
        (String(repeating: "x", count: 10_000), "name is 10000 bytes long"),
        (String(repeating: "📚", count: 10_000), "name is 40000 bytes long"),
        (String(repeating: "\n", count: 10_000), "name is 10000 bytes long"),
    ]

    @Test(arguments: refusedNames)
    func emptyAndOverlongNamesExit65AndWriteNothing(name: String, problem: String) throws {
        let record = PackageFolders.path("records/v1.json")
        let document = PackageFolders.path("documents/original.json")
        for (kind, names) in [("scene", ["--scene", name]), ("account", ["--scene", "other", "--account", name])] {
            try expectRefusal(["save", "--db", stateFile.path] + names + ["--state", record], mentioning: "the \(kind) \(problem)")
            try FileManager.default.removeItem(atPath: stateFile.path)
            try expectRefusal(["restore", "--db", stateFile.path] + names + ["--document", document, "--json"], mentioning: "the \(kind) \(problem)")
            try FileManager.default.removeItem(atPath: stateFile.path)
        }
    }
}
