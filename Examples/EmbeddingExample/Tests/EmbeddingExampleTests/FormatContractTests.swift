import Foundation
import StateRestore
import StateRestoreTesting
import Testing

/// The contract the format test keeps, on copies of Formats/reader: a field retyped without a
/// version bump fails naming the field and the fix; the bump with its recorded shape passes,
/// old formats' samples still restoring through the upgrade; an addition within a version is
/// allowed and recorded.
@Suite struct FormatContractTests {
    static let formats = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Formats/reader")

    /// A folder of its own for the copies (the file in it is never opened).
    let scratch: TemporaryStateFile

    init() throws {
        scratch = try TemporaryStateFile()
    }

    /// Copies the reader's format folder, without the expectations when `expectations` is false.
    func copyOfTheReaderFolder(expectations: Bool = true) throws -> URL {
        let copy = scratch.folder.appendingPathComponent("reader")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.formats.path) where expectations || !name.hasSuffix(".expected.json") {
            try FileManager.default.copyItem(at: Self.formats.appendingPathComponent(name), to: copy.appendingPathComponent(name))
        }
        return copy
    }

    /// Format 1 was released before the history was adopted: its shape is locked from the
    /// copy of its type the tests keep, recorded once, and a change of that copy fails.
    @Test func aFormatOlderThanTheAdoptionIsLockedFromItsFormerType() throws {
        let copy = try copyOfTheReaderFolder()
        try FileManager.default.removeItem(at: copy.appendingPathComponent("shape-v1.json"))
        let history = FormatHistory(ReaderState.self, folder: copy)
        #expect(throws: FormatHistoryFailure.self) { try history.lockFormerFormat(ReaderStateV1.self, recording: false) }
        #expect(try history.lockFormerFormat(ReaderStateV1.self, recording: true).recorded == ["shape-v1.json"])
        #expect(try history.lockFormerFormat(ReaderStateV1.self, recording: false).recorded.isEmpty)
        #expect(
            try Data(contentsOf: copy.appendingPathComponent("shape-v1.json")) == Data(contentsOf: Self.formats.appendingPathComponent("shape-v1.json")))

        // A changed copy of the former type fails, recording or not, and the lock stays.
        let lock = try Data(contentsOf: copy.appendingPathComponent("shape-v1.json"))
        for recording in [false, true] {
            do {
                try history.lockFormerFormat(ReaderStateV1Retyped.self, recording: recording)
                Issue.record("a changed former format passed")
            } catch let failure as FormatHistoryFailure {
                #expect(failure.report.failures.first?.hasPrefix("ReaderStateV1Retyped differs from the released format 1 that shape-v1.json locks") == true, "\(failure)")
            }
        }
        #expect(try Data(contentsOf: copy.appendingPathComponent("shape-v1.json")) == lock)
        #expect(throws: FormatHistoryFailure.self) { try history.lockFormerFormat(ReaderStateV3.self, recording: true) }
    }

    @Test func aFieldRetypedWithoutAVersionBumpFailsNamingTheFieldAndTheFix() throws {
        let copy = try copyOfTheReaderFolder()
        let lock = try Data(contentsOf: copy.appendingPathComponent("shape-v2.json"))
        let history = FormatHistory(ReaderStateRetyped.self, folder: copy)
        let failure = try #require(throws: FormatHistoryFailure.self) { try history.verify(recording: true) }
        #expect(
            failure.report.failures.first
                == "`ReaderStateRetyped.page` changed from integer to string but `currentVersion` is still 2: bump it and add an upgrade step (`upgrade(_:from: 2)`) that rewrites old records"
        )
        #expect("\(failure)".contains("the format history is broken"))
        #expect(try Data(contentsOf: copy.appendingPathComponent("shape-v2.json")) == lock)  // recording never rewrites a broken lock
    }

    @Test func bumpingTheVersionWithARecordedShapePassesAndOldSamplesStillRestore() throws {
        let copy = try copyOfTheReaderFolder(expectations: false)
        let lock = try Data(contentsOf: copy.appendingPathComponent("shape-v2.json"))
        let history = FormatHistory(ReaderStateV3.self, folder: copy, sample: ReaderStateV3(bookID: 7, page: "xii", fontSize: 1.2))
        #expect(history.report(recording: false).failures.first?.hasPrefix("no shape-v3.json locks format 3 of ReaderStateV3") == true)

        let recorded = try history.verify(recording: true)
        #expect(Set(recorded.recorded) == ["shape-v3.json", "v3.json", "v1.expected.json", "v1-no-book.expected.json", "v2.expected.json", "v3.expected.json"])
        let again = try history.verify(recording: false)
        #expect(again.samplesChecked == ["v1.json", "v1-no-book.json", "v2.json", "v3.json"] && again.recorded.isEmpty)
        #expect(try Data(contentsOf: copy.appendingPathComponent("shape-v2.json")) == lock)  // the old format's lock stays

        let v2 = try JSONValue.parse(Data(contentsOf: copy.appendingPathComponent("v2.expected.json")))
        #expect(v2 == ["codes": ["record-upgraded"], "state": ["bookID": 7, "fontSize": 1.5, "page": "42"]])
    }

    @Test func aFieldAddedWithinAVersionIsAllowedNotedAndRecordedIntoTheLock() throws {
        let copy = try copyOfTheReaderFolder()
        let history = FormatHistory(ReaderStateWithTheme.self, folder: copy)
        let noted = try history.verify(recording: false)
        #expect(noted.notes.first == "`ReaderStateWithTheme.theme` was added (string): allowed within format 2; run with RESTORE_RECORD_FORMATS=1 to record it into shape-v2.json")
        #expect(noted.notes.contains("`ReaderStateWithTheme.defaultValue` changed: allowed within format 2; run with RESTORE_RECORD_FORMATS=1 to record it into shape-v2.json"))
        #expect(noted.notes.contains("v2.json now restores with defaults-applied for fields added since v2.expected.json was recorded: allowed; run with RESTORE_RECORD_FORMATS=1 to record it"))

        #expect(try history.verify(recording: true).recorded == ["shape-v2.json", "v2.expected.json"])
        let lock = try JSONValue.parse(Data(contentsOf: copy.appendingPathComponent("shape-v2.json")))
        #expect(lock["shape"]?["fields"]?["theme"] == ["type": "string"] && lock["default"]?["theme"] == "light")
        let after = try history.verify(recording: false)
        #expect(after.notes.allSatisfy { !$0.contains("shape-v2.json") }, "\(after)")
    }

    @Test func aSampleThatNoLongerRestoresAsExpectedFailsWithADiffNamingTheFile() throws {
        let copy = try copyOfTheReaderFolder()
        try Data(#"{"state": {"bookID": 7, "page": 41, "fontSize": 1.0}, "codes": ["record-upgraded"]}"#.utf8).write(to: copy.appendingPathComponent("v1.expected.json"))
        let report = FormatHistory(ReaderState.self, folder: copy).report(recording: false)
        #expect(report.failures.count == 2)
        #expect(report.failures[0].hasPrefix("v1.json restores with the codes [record-upgraded, defaults-applied], but v1.expected.json expects [record-upgraded]"))
        #expect(report.failures[1] == "v1.json restores to a state other than v1.expected.json expects:\n    `page`: expected 41, got 42")
    }
}

/// Format 1 of the reader with `pageNumber` retyped: not the format that release wrote.
struct ReaderStateV1Retyped: RestorableState {
    static let kind = "reader"
    static let currentVersion = 1
    static let defaultValue = ReaderStateV1Retyped(bookID: nil, pageNumber: "1")

    var bookID: Int?
    var pageNumber: String
}
