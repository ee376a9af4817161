import JSON
import ScreenKinds
import ScreenModels
import Testing

@testable import StateRestore

@Suite("CatalogRecordCodec decoding")
struct CatalogRecordCodecDecodingTests {
    @Test(
        "every format version decodes with its absent fields defaulted and listed",
        arguments: [
            (
                #"{"query":"dune","selectedID":7}"#,
                CatalogRecord(query: "dune", selectedID: 7),
                CatalogRecordProvenance(sourceVersion: 1, defaultsApplied: ["showsOnlySelected", "viewport"])
            ),
            (
                #"{}"#,
                CatalogRecord(),
                CatalogRecordProvenance(sourceVersion: 1, defaultsApplied: ["query", "selectedID", "showsOnlySelected", "viewport"])
            ),
            (
                #"{"query":"x","selectedID":null}"#,
                CatalogRecord(query: "x"),
                CatalogRecordProvenance(sourceVersion: 1, defaultsApplied: ["showsOnlySelected", "viewport"])
            ),
            (
                #"{"version":2,"query":"a","selectedID":3,"showsOnlySelected":true}"#,
                CatalogRecord(query: "a", selectedID: 3, showsOnlySelected: true),
                CatalogRecordProvenance(sourceVersion: 2, defaultsApplied: ["viewport"])
            ),
            (
                #"{"version":2,"selectedID":3}"#,
                CatalogRecord(selectedID: 3),
                CatalogRecordProvenance(sourceVersion: 2, defaultsApplied: ["query", "showsOnlySelected", "viewport"])
            ),
            (
                #"{"version":3,"query":"q","selectedID":5,"showsOnlySelected":false,"viewport":{"anchorID":5,"offset":0.25,"before":[4,3],"after":[6]}}"#,
                CatalogRecord(query: "q", selectedID: 5, viewport: CatalogViewport(anchorID: 5, offset: 0.25, before: [4, 3], after: [6])),
                CatalogRecordProvenance(sourceVersion: 3)
            ),
            (
                #"{"version":3,"query":"q","selectedID":null,"showsOnlySelected":true,"viewport":null}"#,
                CatalogRecord(query: "q", showsOnlySelected: true),
                CatalogRecordProvenance(sourceVersion: 3)
            ),
            (
                #"{"version":3,"viewport":{"anchorID":1,"offset":1,"before":[],"after":[]}}"#,
                CatalogRecord(viewport: CatalogViewport(anchorID: 1, offset: 1)),
                CatalogRecordProvenance(sourceVersion: 3, defaultsApplied: ["query", "selectedID", "showsOnlySelected"])
            ),
            (
                #"{"version":3,"minReaderVersion":2,"query":"q"}"#,
                CatalogRecord(query: "q"),
                CatalogRecordProvenance(sourceVersion: 3, defaultsApplied: ["selectedID", "showsOnlySelected", "viewport"])
            ),
        ] as [(String, CatalogRecord, CatalogRecordProvenance)])
    func everyVersionDecodesWithDefaultsListed(text: String, record: CatalogRecord, provenance: CatalogRecordProvenance) {
        #expect(CatalogRecordCodec.decode(text) == .decoded(record, provenance))
    }

    @Test(
        "fields a version does not define are not read from it, and only the others are carried",
        arguments: [
            (
                #"{"query":"a","showsOnlySelected":true,"viewport":null}"#,
                [:] as JSONObject,
                ["selectedID", "showsOnlySelected", "viewport"]
            ),
            (
                #"{"version":2,"viewport":{"anchorID":1},"extra":[1]}"#,
                ["extra": [1]] as JSONObject,
                ["query", "selectedID", "showsOnlySelected", "viewport"]
            ),
        ] as [(String, JSONObject, [String])])
    func undefinedFieldsAreUnknownForThatVersion(text: String, unknown: JSONObject, defaults: [String]) {
        guard case .decoded(let record, let provenance) = CatalogRecordCodec.decode(text) else {
            Issue.record("expected a decoded record")
            return
        }
        #expect(record.unknownFields == unknown)
        #expect(record.showsOnlySelected == false)
        #expect(record.viewport == nil)
        #expect(provenance.defaultsApplied == defaults)
    }

    @Test(
        "a newer record without a usable minReaderVersion is not decoded",
        arguments: [
            (#"{"version":4,"query":"a"}"#, 4, Int?.none),
            (#"{"version":9,"minReaderVersion":4,"query":"a"}"#, 9, 4),
            (#"{"version":4,"minReaderVersion":4,"query":5}"#, 4, 4),
        ] as [(String, Int, Int?)])
    func newerRecordIsNotDecoded(text: String, version: Int, minReaderVersion: Int?) {
        #expect(CatalogRecordCodec.decode(text) == .newer(version: version, minReaderVersion: minReaderVersion))
    }

    @Test("a newer record whose minReaderVersion allows it is read as v3 and says so", arguments: [3, 1])
    func newerRecordIsReadThroughMinReaderVersion(minimum: Int) {
        let text = #"{"version":5,"minReaderVersion":\#(minimum),"query":"q","selectedID":2,"showsOnlySelected":true,"viewport":null,"sortOrder":"title","tags":["a"]}"#
        let expected = CatalogRecord(
            query: "q", selectedID: 2, showsOnlySelected: true,
            unknownFields: ["sortOrder": "title", "tags": ["a"], "version": 5, "minReaderVersion": .integer(Int64(minimum))]
        )
        let provenance = CatalogRecordProvenance(sourceVersion: 5, readThroughMinReaderVersion: minimum)
        #expect(CatalogRecordCodec.decode(text) == .decoded(expected, provenance))
        #expect(provenance.reportCode == "record-newer-read")
        #expect(CatalogRecordProvenance(sourceVersion: 3).reportCode == nil)
    }

    @Test(
        "damaged records are unreadable with a typed error",
        arguments: [
            ("", RestoreError.notJSON(JSONParseError(offset: 0, reason: .unexpectedEndOfInput(expected: "a value")))),
            (#"{"query":"a","query":"b"}"#, .notJSON(JSONParseError(offset: 13, reason: .duplicateKey("query")))),
            ("[1]", .notAnObject(got: "array")),
            ("null", .notAnObject(got: "null")),
            (#"{"version":"3"}"#, .invalidVersion(got: #"string "3""#)),
            (#"{"version":0}"#, .invalidVersion(got: "integer 0")),
            (#"{"version":-1}"#, .invalidVersion(got: "integer -1")),
            (#"{"version":3.0}"#, .invalidVersion(got: "number 3.0")),
            (#"{"version":null}"#, .invalidVersion(got: "null")),
            (#"{"version":4,"minReaderVersion":"3"}"#, .invalidMinReaderVersion(got: #"string "3""#)),
            (#"{"version":2,"minReaderVersion":0}"#, .invalidMinReaderVersion(got: "integer 0")),
            (#"{"query":5}"#, .wrongType(field: "query", expected: "a string", got: "integer 5")),
            (#"{"query":null}"#, .wrongType(field: "query", expected: "a string", got: "null")),
            (#"{"selectedID":"7"}"#, .wrongType(field: "selectedID", expected: "an integer or null", got: #"string "7""#)),
            (#"{"selectedID":7.5}"#, .wrongType(field: "selectedID", expected: "an integer or null", got: "number 7.5")),
            (
                #"{"selectedID":9223372036854775808}"#,
                .wrongType(field: "selectedID", expected: "an integer or null", got: "number 9.223372036854776e+18")
            ),
            (#"{"version":2,"showsOnlySelected":1}"#, .wrongType(field: "showsOnlySelected", expected: "a boolean", got: "integer 1")),
            (#"{"version":3,"viewport":[]}"#, .wrongType(field: "viewport", expected: "an object or null", got: "array []")),
            (#"{"version":3,"viewport":{"offset":0,"before":[],"after":[]}}"#, .missingField("viewport.anchorID")),
            (#"{"version":3,"viewport":{"anchorID":1,"before":[],"after":[]}}"#, .missingField("viewport.offset")),
            (#"{"version":3,"viewport":{"anchorID":1,"offset":0,"after":[]}}"#, .missingField("viewport.before")),
            (#"{"version":3,"viewport":{"anchorID":1,"offset":0,"before":[]}}"#, .missingField("viewport.after")),
            (
                #"{"version":3,"viewport":{"anchorID":1,"offset":"0","before":[],"after":[]}}"#,
                .wrongType(field: "viewport.offset", expected: "a number", got: #"string "0""#)
            ),
            (
                #"{"version":3,"viewport":{"anchorID":1,"offset":0,"before":[2,"x"],"after":[]}}"#,
                .wrongType(field: "viewport.before[1]", expected: "an integer", got: #"string "x""#)
            ),
            (
                #"{"version":3,"viewport":{"anchorID":1,"offset":0,"before":[],"after":3}}"#,
                .wrongType(field: "viewport.after", expected: "an array of integers", got: "integer 3")
            ),
            (#"{"version":7,"minReaderVersion":2,"query":[]}"#, .wrongType(field: "query", expected: "a string", got: "array []")),
        ] as [(String, RestoreError)])
    func damagedRecordsAreUnreadable(text: String, error: RestoreError) {
        #expect(CatalogRecordCodec.decode(text) == .unreadable(error))
    }

    @Test("invalid UTF-8 and hostile nesting make a record unreadable, not a crash")
    func hostileBytesAreUnreadable() {
        #expect(
            CatalogRecordCodec.decode([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D])
                == .unreadable(.notJSON(JSONParseError(offset: 2, reason: .invalidUTF8))))
        let deep = #"{"query":"#.utf8 + [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        guard case .unreadable(.notJSON(let error)) = CatalogRecordCodec.decode(deep) else {
            Issue.record("expected a parse error")
            return
        }
        #expect(error.reason == .nestingTooDeep(limit: 64))
    }

    @Test(
        "out-of-range offsets are kept for reconciliation and extra neighbours are dropped",
        arguments: [
            ("1.5", 1.5), ("-0.25", -0.25), ("1e400", .infinity), ("-1e400", -.infinity), ("2", 2),
        ] as [(String, Double)])
    func restoreIsLenientOnRanges(offsetText: String, offset: Double) {
        let text = #"{"version":3,"viewport":{"anchorID":10,"offset":\#(offsetText),"before":[9,8,7,6,5],"after":[11,12,13,14]}}"#
        guard case .decoded(let record, _) = CatalogRecordCodec.decode(text) else {
            Issue.record("expected a decoded record")
            return
        }
        #expect(record.viewport == CatalogViewport(anchorID: 10, offset: offset, before: [9, 8, 7], after: [11, 12, 13]))
    }

    @Test("unknown fields inside the viewport are carried, and written back inside it")
    func unknownViewportFieldsAreCarried() {
        let text = #"{"version":3,"viewport":{"anchorID":1,"offset":0.5,"before":[],"after":[],"velocity":3}}"#
        guard case .decoded(let record, _) = CatalogRecordCodec.decode(text) else {
            Issue.record("expected a decoded record")
            return
        }
        #expect(record.viewport == CatalogViewport(anchorID: 1, offset: 0.5))
        #expect(record.unknownFields == ["viewport": ["velocity": 3]])
        #expect(
            CatalogRecordCodec.encode(record)
                == #"{"version":3,"query":"","selectedID":null,"showsOnlySelected":false,"viewport":{"anchorID":1,"offset":0.5,"before":[],"after":[],"velocity":3}}"#)
        var cleared = record
        cleared.viewport = nil
        #expect(CatalogRecordCodec.encode(cleared).contains(#""viewport":null"#), "a cleared viewport is not brought back by its unknown fields")
    }

    @Test("decoding errors read as one line naming the field")
    func decodingErrorsAreOneLine() {
        #expect(
            RestoreError.wrongType(field: "viewport.before[1]", expected: "an integer", got: #"string "x""#)
                .localizedDescription == #"field "viewport.before[1]" must be an integer, got string "x""#)
        #expect(
            RestoreError.missingField("viewport.anchorID").localizedDescription
                == #"field "viewport.anchorID" is missing"#)
        #expect(
            RestoreError.notJSON(JSONParseError(offset: 0, reason: .trailingCharacters)).localizedDescription
                == "record is not valid JSON: invalid JSON at byte 0: unexpected characters after the JSON value")
    }
}
