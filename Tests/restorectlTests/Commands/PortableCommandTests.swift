import Foundation
import JSON
import StateRestore
import StateStore
import TestSupport
import Testing

@testable import restorectl

/// `restorectl portable` and `restore --portable FILE` (issue #41): a stored record printed as
/// the portable record another device lands, and what landing one would restore; bad input is
/// one line on stderr, a sysexits code, and nothing written.
@Suite struct PortableCommandTests {
    let phone: StateFile
    let tablet: StateFile
    let original = PackageFolders.path("documents/original.json")
    let formats = PackageFolders.path("formats")

    init() throws {
        phone = try StateFile()
        tablet = try StateFile()
        #expect(CapturedRun(["save", "--db", phone.path, "--scene", "main", "--state", PackageFolders.path("records/v3-viewport.json")]).exitCode == 0)
        #expect(CapturedRun(["migrate", "--db", tablet.path]).exitCode == 0)
    }

    /// The portable record of the phone's `main` catalog scene, written beside the tablet's file.
    private func portableFile(_ arguments: [String] = []) throws -> String {
        let run = CapturedRun(["portable", "--db", phone.path, "--scene", "main", "--device", "phone", "--build", "3.0"] + arguments)
        #expect(run.exitCode == 0, "\(run.stderr)")
        return try tablet.write(run.stdout, to: "main.portable")
    }

    @Test func helpTextIsExact() {
        let run = CapturedRun(["portable", "--help"])
        #expect(run.exitCode == 0)
        #expect(
            run.stdout == """
                USAGE: restorectl portable --db PATH --scene ID [--account A] [--kind K] [--formats DIR] [--device ID] [--build B] [--budget N]

                Print a window's stored state as a portable record, to land on another device.

                The portable record holds the record as stored (kind, format version, minReaderVersion), the build and device \
                that wrote it (--build, --device), logical version 1 and a checksum. A record over the budget (--budget, default \
                3072 bytes, what a Handoff activity keeps to) exits 65 naming its largest fields; so does a scene with no record \
                of the kind, or one that cannot be decoded, is over the store's limit or has expired. A record of a newer format \
                is sent as stored, for a device whose release reads it. It reads only: nothing is created, moved or written.

                OPTIONS:
                  --db PATH      The state database file.
                  --scene ID     The window (scene) identifier.
                  --account A    The account (default: "default").
                  --kind K       The record kind: catalog, notes, zones, or an app's kind in --formats (default: catalog).
                  --formats DIR  An app's format folders, one per kind (shape-v<N>.json, as StateRestoreTesting records them).
                  --device ID    The device id the record says wrote it (default: restorectl).
                  --build B      The app build the record says wrote it (default: the tool's version).
                  --budget N     The most bytes the record may take (default: 3072).
                  -h, --help     Show help information.

                """)
    }

    @Test func portablePrintsTheStoredRecordWithItsEnvelopeAndReadsOnly() throws {
        let before = phone.folder.contents("state.sqlite")
        let run = CapturedRun(["portable", "--db", phone.path, "--scene", "main", "--device", "phone", "--build", "3.0"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        #expect(phone.folder.contents("state.sqlite") == before)
        let printed = try JSONValue.parse(Data(run.stdout.utf8))
        #expect(printed["portable"] == 1)
        #expect(printed["kind"] == "catalog")
        #expect(printed["version"] == 3)
        #expect(printed["device"] == "phone")
        #expect(printed["build"] == "3.0")
        #expect(printed["logical"] == 1)
        #expect(printed["record"]?["selectedID"] == 8)
        #expect(printed["checksum"] != nil)
    }

    @Test func restoreWithPortableShowsWhatWouldLandAndWritesNothing() throws {
        let file = try portableFile()
        let before = tablet.folder.contents("state.sqlite")
        let run = CapturedRun(["restore", "--db", tablet.path, "--scene", "main", "--document", original, "--portable", file, "--json"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        #expect(tablet.folder.contents("state.sqlite") == before)
        let restored = try JSONValue.parse(Data(run.stdout.utf8))
        #expect(restored["state"]?["selectedID"] == 8)
        guard case .array(let report)? = restored["report"] else { throw RestoreError.invalidDocument("no report") }
        #expect(report.first?["code"] == "portable-landed")
        #expect(try tablet.reading { try $0.record(account: "default", scene: "main", kind: "catalog") } == nil)
    }

    @Test func restoreWithPortableLandsAnAppsKindFromItsFormats() throws {
        let state = try phone.write(#"{"version":2,"query":"from:ann","sort":"sender"}"#, to: "inbox.json")
        #expect(CapturedRun(["save", "--db", phone.path, "--scene", "mail", "--kind", "inbox", "--formats", formats, "--state", state]).exitCode == 0)
        let printed = CapturedRun(["portable", "--db", phone.path, "--scene", "mail", "--kind", "inbox", "--formats", formats, "--device", "mac"])
        #expect(printed.exitCode == 0, "\(printed.stderr)")
        let portable = try tablet.write(printed.stdout, to: "inbox.portable")
        let run = CapturedRun(["restore", "--db", tablet.path, "--scene", "mail", "--kind", "inbox", "--formats", formats, "--portable", portable, "--json"])
        #expect(run.exitCode == 0, "\(run.stderr)")
        let restored = try JSONValue.parse(Data(run.stdout.utf8))
        #expect(restored["state"]?["query"] == "from:ann")
        guard case .array(let report)? = restored["report"] else { throw RestoreError.invalidDocument("no report") }
        #expect(report.first?["code"] == "portable-landed")
        #expect(report.first?["detail"] == "the state came from device \"mac\" (build \"0.1.0\"), logical version 1, format 2")

        // A hand-made record without the right checksum is refused before anything is opened.
        let forged = try tablet.write(printed.stdout.replacingOccurrences(of: "from:ann", with: "from:bob"), to: "forged.portable")
        let refused = CapturedRun(["restore", "--db", tablet.path, "--scene", "mail", "--kind", "inbox", "--formats", formats, "--portable", forged])
        #expect(refused.exitCode == 65)
        #expect(refused.stderr.contains("checksum does not match"))
    }

    /// An app's kind lands with the engine's codes: a format the tablet's folder does not read
    /// is `portable-unsupported` (after the record's own `unsupported-version`), a record that
    /// does not fit its shape is `portable-damaged`; neither says `portable-landed`.
    @Test func anAppsKindThatDoesNotLandSaysWhyWithThePortableCodes() throws {
        let state = try phone.write(#"{"version":2,"query":"hi","sort":"sender"}"#, to: "inbox.json")
        #expect(CapturedRun(["save", "--db", phone.path, "--scene", "mail", "--kind", "inbox", "--formats", formats, "--state", state]).exitCode == 0)
        let printed = CapturedRun(["portable", "--db", phone.path, "--scene", "mail", "--kind", "inbox", "--formats", formats])
        #expect(printed.exitCode == 0, "\(printed.stderr)")
        // The tablet's release knows format 1 only.
        let older = tablet.path("older-formats")
        try FileManager.default.createDirectory(atPath: older + "/inbox", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: formats + "/inbox/shape-v1.json", toPath: older + "/inbox/shape-v1.json")
        let portable = try tablet.write(printed.stdout, to: "inbox.portable")
        let unsupported = CapturedRun(["restore", "--db", tablet.path, "--scene", "mail", "--kind", "inbox", "--formats", older, "--portable", portable, "--json"])
        #expect(unsupported.exitCode == 0, "\(unsupported.stderr)")
        #expect(try codes(unsupported.stdout) == ["unsupported-version", "portable-unsupported"])

        guard case .object(var record) = try JSONValue.parse(Data(printed.stdout.utf8)), case .object(var inner)? = record["record"] else {
            throw RestoreError.invalidRecord("not a portable record")
        }
        inner["sort"] = .string("nope")
        record["record"] = .object(inner)
        let damaged = try tablet.write(PortableRecord.signed(record), to: "damaged.portable")
        let refused = CapturedRun(["restore", "--db", tablet.path, "--scene", "mail", "--kind", "inbox", "--formats", formats, "--portable", damaged, "--json"])
        #expect(refused.exitCode == 0, "\(refused.stderr)")
        #expect(try codes(refused.stdout) == ["portable-damaged"])
    }

    private func codes(_ output: String) throws -> [String] {
        guard case .array(let report)? = try JSONValue.parse(Data(output.utf8))["report"] else { return [] }
        return report.compactMap { if case .string(let code)? = $0["code"] { code } else { nil } }
    }

    @Test(arguments: [
        (["--budget", "40"], 65, "over the budget of 40 bytes; largest fields: viewport"),
        (["--kind", "notes"], 65, "has no saved notes record to send"),
        (["--build", String(repeating: "b", count: 4000)], 65, "largest fields: build (4002 bytes), viewport"),
    ])
    func portableRefusesWithAReason(arguments: [String], exitCode: Int32, message: String) {
        let run = CapturedRun(["portable", "--db", phone.path, "--scene", "main"] + arguments)
        #expect(run.exitCode == exitCode)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains(message), "\(run.stderr)")
    }

    @Test func portableOfAMissingDatabaseExits66AndCreatesNothing() {
        let missing = tablet.path("missing.sqlite")
        let run = CapturedRun(["portable", "--db", missing, "--scene", "main"])
        #expect(run.exitCode == 66)
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test func restoreWithABadPortableFileExits65AndAMissingOne66() throws {
        let file = try portableFile()
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let cut = try tablet.write(String(text.prefix(90)), to: "cut.portable")
        let other = try tablet.write(#"{"hello":"world"}"#, to: "other.json")
        for (path, code, message) in [
            (cut, Int32(65), "truncated or damaged"), (other, 65, "not a portable record"), (tablet.path("none.portable"), 66, "no such file"),
        ] {
            let run = CapturedRun(["restore", "--db", tablet.path, "--scene", "main", "--document", original, "--portable", path])
            #expect(run.exitCode == code, "\(path)")
            #expect(run.stderr.contains(message), "\(run.stderr)")
            #expect(run.stdout.isEmpty)
        }
        let notes = CapturedRun(["restore", "--db", tablet.path, "--scene", "main", "--kind", "notes", "--document", PackageFolders.path("documents/notes.json"), "--portable", file])
        #expect(notes.exitCode == 65)
        #expect(notes.stderr.contains("of kind catalog, not notes"))
    }
}
