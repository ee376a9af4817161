import Foundation
import JSON
import ScreenKinds
import ScreenModels
import StateRestore
import StateStore
import TestSupport
import Testing

/// `restorectl save` stores exactly what the app's own build would: the record re-encoded from
/// its validated value (no indentation, no trailing newline), with its format's `version` and
/// `minReaderVersion` (from `--formats` for an app's kind), so an older build of the app reads
/// it and the size budget counts what is stored. Each runs the built `restorectl` and reads the
/// stored row back through StateStore.
@Suite struct SaveCanonicalRecordTests {
    let stateFile: StateFile

    init() throws { stateFile = try StateFile() }

    private func file(_ text: String, named name: String) throws -> String {
        let file = stateFile.path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: file))
        return file
    }

    private func save(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let child = try ChildProcess(restorectl: ["save", "--db", stateFile.path] + arguments)
        let lines = child.remainingLines()
        return (child.waitForExit().status, lines.joined(separator: "\n"), child.errorOutput())
    }

    private func stored(scene: String, kind: String) throws -> StoredRecord? {
        let store = try Store(readingExistingFileAt: stateFile.path)
        defer { store.close() }
        return try store.record(account: "default", scene: scene, kind: kind)
    }

    @Test func anIndentedCatalogRecordIsStoredAsTheAppsBuildEncodesIt() throws {
        let input = try file(
            """
            {
                "version": 3,
                "query": "the",
                "selectedID": 2,
                "showsOnlySelected": false,
                "viewport": null
            }

            """, named: "catalog.json")
        let run = try save(["--scene", "main", "--state", input])
        #expect(run.status == 0, "\(run.stderr)")
        let record = try #require(try stored(scene: "main", kind: "catalog"))
        let expected = try RecordCodec<CatalogViewState>.encode(CatalogViewState(query: "the", selectedID: 2))
        #expect(String(decoding: record.payload, as: UTF8.self) == expected)
        #expect(record.version == CatalogViewState.currentVersion)
        #expect(record.minReaderVersion == nil)
        #expect(run.stdout == "Saved format 3 record (\(expected.utf8.count) bytes) for scene \"main\".", "the size counted is the stored one")
    }

    @Test func aNotesRecordWithATrailingNewlineIsStoredWithoutIt() throws {
        let input = try file("{ \"version\": 1,\n  \"query\": \"x\" }\n", named: "notes.json")
        let run = try save(["--scene", "main", "--kind", "notes", "--state", input])
        #expect(run.status == 0, "\(run.stderr)")
        let record = try #require(try stored(scene: "main", kind: "notes"))
        let payload = String(decoding: record.payload, as: UTF8.self)
        #expect(!payload.contains("\n") && !payload.contains("  "), "\(payload)")
        #expect(try JSONValue.parse(Data(payload.utf8))["query"] == "x")
        #expect(record.version == 1)
    }

    @Test func anAppKindsRecordCarriesTheMinReaderVersionItsFormatDeclares() throws {
        // The inbox formats, with format 2 readable by format 1's readers.
        let formats = stateFile.path("formats")
        try FileManager.default.createDirectory(atPath: formats + "/inbox", withIntermediateDirectories: true)
        for version in [1, 2] {
            var shape = try JSONValue.parse(Data(contentsOf: URL(fileURLWithPath: PackageFolders.path("formats/inbox/shape-v\(version).json"))))
            if version == 2, case .object(var object) = shape {
                object["minReaderVersion"] = .integer(1)
                shape = .object(object)
            }
            try Data(shape.encoded(pretty: true).utf8).write(to: URL(fileURLWithPath: formats + "/inbox/shape-v\(version).json"))
        }
        let input = try file("{\n  \"version\": 2,\n  \"query\": \"from:ann\",\n  \"sort\": \"sender\"\n}\n", named: "inbox.json")
        let run = try save(["--scene", "mail", "--kind", "inbox", "--formats", formats, "--state", input])
        #expect(run.status == 0, "\(run.stderr)")
        let record = try #require(try stored(scene: "mail", kind: "inbox"))
        #expect(record.version == 2)
        #expect(record.minReaderVersion == 1, "the format's minReaderVersion, so an older build reads it instead of calling it unsupported")
        let payload = String(decoding: record.payload, as: UTF8.self)
        #expect(!payload.contains("\n") && !payload.contains(": "), "no indentation: \(payload)")
        let object = try JSONValue.parse(Data(payload.utf8))
        #expect(object["minReaderVersion"] == 1 && object["query"] == "from:ann" && object["sort"] == "sender")
        #expect(object["filters"] == ["flaggedOnly": false, "unreadOnly": false], "the current format's defaults, as the app's build writes them")
    }
}
