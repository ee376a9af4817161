import Foundation
import StateRestore
import StateStore
import TestSupport
import Testing

/// The portable record itself (issue #41): what it carries, its budget, and what landing makes
/// of damaged, truncated, foreign and unsupported bytes.
@Suite struct PortableRecordTests {
    let phone: PortableDevice
    let tablet: PortableDevice

    init() throws {
        phone = try PortableDevice("phone", build: "3.0")
        tablet = try PortableDevice("tablet", build: "2.4")
    }

    private func object(_ bytes: Data) throws -> JSONObject {
        guard case .object(let object) = try JSONValue.parse(bytes) else { throw RestoreError.invalidRecord("not a JSON object") }
        return object
    }

    @Test func aPortableRecordCarriesKindFormatBuildDeviceLogicalVersionRecordAndChecksum() throws {
        try phone.restorer.save(BookReaderV3(bookID: 7, page: 42, fontSize: 1.5, theme: "sepia"), for: phone.key)
        let first = try object(try phone.restorer.portable(BookReaderV3.self, for: phone.key))
        #expect(first.keys == ["portable", "kind", "version", "minReaderVersion", "build", "device", "logical", "record", "checksum"])
        #expect(first["kind"] == .string("book-reader"))
        #expect(first["version"] == .integer(3))
        #expect(first["minReaderVersion"] == .integer(2))
        #expect(first["build"] == .string("3.0"))
        #expect(first["device"] == .string("phone"))
        #expect(first["record"] == (try JSONValue.parse(#"{"version":3,"minReaderVersion":2,"bookID":7,"page":42,"fontSize":1.5,"theme":"sepia"}"#)))
        // A counter, not a clock: each record one higher than the last sent or landed.
        let second = try object(try phone.restorer.portable(BookReaderV3.self, for: phone.key))
        #expect(first["logical"] == .integer(1))
        #expect(second["logical"] == .integer(2))
    }

    @Test func landingAHigherLogicalVersionMovesThisDevicesCounterPastIt() throws {
        try tablet.restorer.save(BookReaderV2(bookID: 7, page: 12, fontSize: 1.2), for: tablet.key)
        for _ in 0..<5 { _ = try tablet.restorer.portable(BookReaderV2.self, for: tablet.key) }
        let bytes = try tablet.restorer.portable(BookReaderV2.self, for: tablet.key)
        _ = phone.restorer.restore(BookReaderV3.self, phone.key, fromPortable: bytes)
        try phone.restorer.save(BookReaderV3(bookID: 7, page: 13, fontSize: 1.2, theme: "light"), for: phone.key)
        #expect(try object(try phone.restorer.portable(BookReaderV3.self, for: phone.key))["logical"] == .integer(7))
    }

    @Test func aRecordOverTheBudgetIsRefusedNamingItsLargestField() throws {
        let big = AnnotatedReader(bookID: 7, highlights: ["a", "b"], note: String(repeating: "n", count: 4000))
        try phone.restorer.save(big, for: phone.key)
        do {
            _ = try phone.restorer.portable(AnnotatedReader.self, for: phone.key)
            Issue.record("a 4 KB record was sent within a 3 KB budget")
        } catch RestoreError.portableOverBudget(let scene, let kind, let size) {
            #expect(scene == phone.key.description)
            #expect(kind == "annotated-reader")
            #expect(size.budget == 3 * 1024)
            #expect(size.bytes > 4000)
            #expect(size.largestFields.first?.path == "note" && size.largestFields.first?.bytes == 4002)
        }
        // The budget is the app's to set.
        let roomy = try PortableDevice("laptop", build: "3.0", byteBudget: 8 * 1024)
        try roomy.restorer.save(big, for: roomy.key)
        #expect(try roomy.restorer.portable(AnnotatedReader.self, for: roomy.key).count > 4000)
    }

    @Test func nothingIsSentBeforeTheRestorerIsConfiguredOrForAScreenWithNoState() throws {
        let file = try StateFile()
        let plain = StateRestorer(path: file.path)
        defer { try? plain.close() }
        #expect(throws: RestoreError.self) { try plain.portable(BookReaderV2.self, for: tablet.key) }
        #expect(throws: RestoreError.portableUnavailable("scene \"main\" of account \"a\" has no saved book-reader state to send")) {
            _ = try tablet.restorer.portable(BookReaderV2.self, for: try SceneKey(scene: "main", account: "a"))
        }
    }

    @Test(arguments: [
        (#"{"a":1}"#, RestoreCode.portableForeign),
        ("[1,2]", .portableForeign),
        (#"{"portable":2,"kind":"book-reader"}"#, .portableUnsupported),
        (#"{"portable":"one"}"#, .portableDamaged),
        ("", .portableDamaged),
        ("\u{FF}\u{FE}", .portableDamaged),
    ])
    func bytesThatAreNotAPortableRecordGiveTheDefaultAndACodeOfTheirOwn(text: String, code: RestoreCode) {
        let landed = tablet.restorer.restore(BookReaderV2.self, tablet.key, fromPortable: Data(text.utf8), against: BookShelf(pages: [:]))
        #expect(landed.state == BookReaderV2.defaultValue)
        #expect(landed.report.map(\.code) == [code])
    }

    /// A record claiming a logical version past 2^53 − 1 was made, not counted: it lands as
    /// damaged and moves no clock, so it cannot win every comparison for good, and the next
    /// send cannot overflow. One at the ceiling lands, and sends after it stay at the ceiling.
    @Test func aLogicalVersionPastTheCeilingIsDamagedAndTheClockNeverOverflows() throws {
        try phone.restorer.save(BookReaderV3(bookID: 7, page: 42, fontSize: 1.5, theme: "sepia"), for: phone.key)
        var forged = try object(try phone.restorer.portable(BookReaderV3.self, for: phone.key))
        for logical in [Int64.max, Int64(PortableRecord.maximumLogicalVersion) + 1] {
            forged["logical"] = .integer(logical)
            let landed = tablet.restorer.restore(BookReaderV3.self, tablet.key, fromPortable: Data(PortableRecord.signed(forged).utf8))
            #expect(landed.report.map(\.code) == [.portableDamaged], "\(logical)")
            #expect(landed.report.first?.detail.contains("logical version") == true)
        }
        try tablet.restorer.save(BookReaderV3(bookID: 7, page: 1, fontSize: 1, theme: "light"), for: tablet.key)
        #expect(try object(try tablet.restorer.portable(BookReaderV3.self, for: tablet.key))["logical"] == .integer(1))

        forged["logical"] = .integer(Int64(PortableRecord.maximumLogicalVersion))
        let landed = tablet.restorer.restore(BookReaderV3.self, tablet.key, fromPortable: Data(PortableRecord.signed(forged).utf8))
        #expect(landed.reports(.portableLanded))
        for _ in 0..<2 {
            #expect(try object(try tablet.restorer.portable(BookReaderV3.self, for: tablet.key))["logical"] == .integer(Int64(PortableRecord.maximumLogicalVersion)))
        }
    }

    @Test func aPortableRecordOfAnotherKindIsForeign() throws {
        try phone.restorer.save(AnnotatedReader(bookID: 1, highlights: [], note: ""), for: phone.key)
        let bytes = try phone.restorer.portable(AnnotatedReader.self, for: phone.key)
        let landed = tablet.restorer.restore(BookReaderV2.self, tablet.key, fromPortable: bytes)
        #expect(landed.report.map(\.code) == [.portableForeign])
    }

    @Test func aThousandRandomMutationsAndTruncationsGiveTheDefaultAndAReportNeverACrash() throws {
        let sent = BookReaderV3(bookID: 7, page: 42, fontSize: 1.5, theme: "sepia")
        try phone.restorer.save(sent, for: phone.key)
        let original = [UInt8](try phone.restorer.portable(BookReaderV3.self, for: phone.key))
        let expected = BookReaderV2(bookID: 7, page: 42, fontSize: 1.5)
        var random = SeededGenerator(seed: 41)
        var refused: [RestoreCode: Int] = [:]
        for round in 0..<1000 {
            var bytes = original
            switch round % 4 {
            case 0: bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random)))
            case 1: bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            case 2:
                let start = Int.random(in: 0..<bytes.count, using: &random)
                bytes.removeSubrange(start..<min(bytes.count, start + Int.random(in: 1...8, using: &random)))
            default:
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    bytes[Int.random(in: 0..<bytes.count, using: &random)] = Array(#"{}[]":,0123456789"#.utf8).randomElement(using: &random)!
                }
            }
            let landed = tablet.restorer.restore(BookReaderV2.self, tablet.key, fromPortable: Data(bytes), against: BookShelf(pages: [7: 300]))
            if landed.reports(.portableLanded) {
                // Only a change that leaves the record as it was may land (a byte set to itself).
                #expect(bytes == original, "round \(round) landed a changed record")
                #expect(landed.state == expected)
            } else {
                #expect(landed.state == BookReaderV2.defaultValue, "round \(round)")
                let code = try #require(landed.report.first?.code, "round \(round) has no report")
                #expect([RestoreCode.portableDamaged, .portableForeign, .portableUnsupported].contains(code), "round \(round): \(code)")
                refused[code, default: 0] += 1
            }
        }
        #expect(refused.values.reduce(0, +) > 900)
    }
}
