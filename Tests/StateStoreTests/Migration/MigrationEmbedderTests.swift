import Foundation
import MigrationHeader
import TestSupport
import Testing

/// The build's embedder (`MigrationEmbedder`, run by `EmbedMigrationsPlugin` over
/// `Migrations/*.sql`) fails the build on a migration from 0005 on that does not declare which
/// older releases may still read and write the file, naming the file and what to add.
@Suite struct MigrationEmbedderTests {
    private func embed(_ files: [String: String]) throws -> (status: Int32, stderr: String, output: String?) {
        let dir = try TemporaryDirectory()
        for (name, text) in files { try Data(text.utf8).write(to: dir.url.appendingPathComponent(name)) }
        let run = try ChildRun(tool: ChildProcess.builtTool(named: "MigrationEmbedder"), [dir.path("out.swift")] + files.keys.sorted().map { dir.path($0) })
        return (run.status, run.stderr, dir.contents("out.swift").map { String(decoding: $0, as: UTF8.self) })
    }

    @Test func aMigrationFromFiveOnWithoutItsNumbersFailsTheBuildSayingWhatToAdd() throws {
        let run = try embed(["0004_old.sql": "CREATE TABLE a (x);", "0005_new.sql": "CREATE TABLE b (x);"])
        #expect(run.status == 65)
        #expect(run.stderr.contains("0005_new.sql:1: error: migration 0005_new.sql declares no readable-by and writable-by"), "\(run.stderr)")
        #expect(run.stderr.contains("-- readable-by: N") && run.stderr.contains("-- writable-by: M"))
        #expect(run.output == nil)
    }

    @Test func declaredMigrationsAndTheExemptOnesAreEmbedded() throws {
        let run = try embed(["0004_old.sql": "CREATE TABLE a (x);", "0005_new.sql": "-- readable-by: 4\n-- writable-by: 4\nCREATE TABLE b (x);"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.output?.contains(#"version: 5, name: "0005_new.sql""#) == true)
        #expect(run.output?.contains("readableBy: 4, writableBy: 4") == true)
        #expect(run.output?.contains(#"schemaObjects: ["a", "b", "schema_history"]"#) == true)
    }

    @Test func theTextIsEmbeddedExactlyAndWhatALaunchNeedsIsDerived() throws {
        let text = "-- \"quoted\" \\ é\r\nCREATE TABLE a (x);\tCREATE INDEX a_x ON a (x);\n"
        let run = try embed(["0001_a.sql": text])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.output?.contains(#"sql: "-- \"quoted\" \\ \u{e9}\r\nCREATE TABLE a (x);\tCREATE INDEX a_x ON a (x);\n""#) == true, "\(run.output ?? "")")
        #expect(run.output?.contains(#"schemaObjects: ["a", "a_x", "schema_history"]"#) == true)
        #expect(run.output?.contains(#"checksum: "\#(MigrationHeader.checksum(of: text))""#) == true)
        #expect(run.output?.contains("readableBy: nil, writableBy: nil") == true)
    }

    @Test func aMigrationThatIsNotUTF8TextFailsTheBuild() throws {
        let dir = try TemporaryDirectory()
        try Data([0x43, 0xFF, 0x3B]).write(to: dir.url.appendingPathComponent("0001_bad.sql"))
        let run = try ChildRun(tool: ChildProcess.builtTool(named: "MigrationEmbedder"), [dir.path("out.swift"), dir.path("0001_bad.sql")])
        #expect(run.status == 65, "\(run.stderr)")
        #expect(dir.contents("out.swift") == nil)
    }
}
