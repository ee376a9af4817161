import Foundation
import JSON
import ScreenKinds
import ScreenModels
import Testing

@testable import StateRestore

@Suite("CatalogRecordCodec save validation")
struct CatalogRecordCodecValidationTests {
    @Test(
        "valid records are accepted and stored as the app's build writes them",
        arguments: [
            (#"{"query":"a","selectedID":null}"#, 1),
            (#"{}"#, 1),
            (#" {"version":2,"query":"a","selectedID":1,"showsOnlySelected":true} "#, 2),
            (#"{"version":3,"query":"","selectedID":1,"showsOnlySelected":false,"viewport":{"anchorID":1,"offset":0,"before":[3,2,1],"after":[4,5,6]}}"#, 3),
            (#"{"version":3,"viewport":{"anchorID":-9223372036854775808,"offset":1.0,"before":[],"after":[]},"minReaderVersion":3}"#, 3),
            (#"{"version":1,"showsOnlySelected":"not checked in v1"}"#, 1),
            (#"{"version":2,"viewport":"not checked in v2"}"#, 2),
            (#"{"version":4,"query":42,"anything":[1e400]}"#, 4),
            (#"{"version":12,"minReaderVersion":10,"viewport":"v12 shape"}"#, 12),
            (#"{"version":5,"minReaderVersion":3,"query":"q","future":{"x":1}}"#, 5),
        ] as [(String, Int)])
    func validRecordsAreAccepted(text: String, version: Int) throws {
        let validated = try CatalogRecordCodec.validateForSave(text)
        #expect(validated.kind == "catalog" && validated.version == version)
        // The current format re-encoded from its decoded state; another in its canonical encoding.
        if version == CatalogViewState.currentVersion, case .decoded(let state, _, let unknown) = RecordCodec<CatalogViewState>.decode(Data(text.utf8)) {
            #expect(validated.payload == (try RecordCodec<CatalogViewState>.encode(state, carrying: unknown)))
        } else {
            #expect(validated.payload == (try JSONValue.parse(text).encoded()))
        }
        #expect(!validated.payload.hasPrefix(" ") && !validated.payload.hasSuffix(" "))
    }

    @Test(
        "each save rule refuses with an error naming the field",
        arguments: [
            ("[]", RestoreError.notAnObject(got: "array"), "record must be a JSON object, got array"),
            (
                "{", .notJSON(JSONParseError(offset: 1, reason: .unexpectedEndOfInput(expected: "a string key or '}'"))),
                "record is not valid JSON: invalid JSON at byte 1: unexpected end of input, expected a string key or '}'"
            ),
            (#"{"version":"2"}"#, .invalidVersion(got: #"string "2""#), #"field "version" must be an integer ≥ 1, got string "2""#),
            (#"{"version":0}"#, .invalidVersion(got: "integer 0"), #"field "version" must be an integer ≥ 1, got integer 0"#),
            (#"{"version":4.5}"#, .invalidVersion(got: "number 4.5"), #"field "version" must be an integer ≥ 1, got number 4.5"#),
            (
                #"{"version":9,"minReaderVersion":true}"#, .invalidMinReaderVersion(got: "boolean true"),
                #"field "minReaderVersion" must be an integer ≥ 1, got boolean true"#
            ),
            (
                #"{"version":2,"minReaderVersion":3}"#, .minReaderVersionNewerThanVersion(minReaderVersion: 3, version: 2),
                #"field "minReaderVersion" (3) must not be newer than "version" (2)"#
            ),
            (
                #"{"query":1}"#, .wrongType(field: "query", expected: "a string", got: "integer 1"),
                #"field "query" must be a string, got integer 1"#
            ),
            (
                #"{"selectedID":1e3}"#, .wrongType(field: "selectedID", expected: "an integer or null", got: "number 1000.0"),
                #"field "selectedID" must be an integer or null, got number 1000.0"#
            ),
            (
                #"{"selectedID":99999999999999999999}"#, .wrongType(field: "selectedID", expected: "an integer or null", got: "number 1e+20"),
                #"field "selectedID" must be an integer or null, got number 1e+20"#
            ),
            (
                #"{"version":2,"showsOnlySelected":"yes"}"#, .wrongType(field: "showsOnlySelected", expected: "a boolean", got: #"string "yes""#),
                #"field "showsOnlySelected" must be a boolean, got string "yes""#
            ),
            (
                #"{"version":3,"viewport":5}"#, .wrongType(field: "viewport", expected: "an object or null", got: "integer 5"),
                #"field "viewport" must be an object or null, got integer 5"#
            ),
            (
                #"{"version":3,"viewport":{"offset":0,"before":[],"after":[]}}"#, .missingField("viewport.anchorID"),
                #"field "viewport.anchorID" is missing"#
            ),
            (
                #"{"version":3,"viewport":{"anchorID":1.5,"offset":0,"before":[],"after":[]}}"#,
                .wrongType(field: "viewport.anchorID", expected: "an integer", got: "number 1.5"),
                #"field "viewport.anchorID" must be an integer, got number 1.5"#
            ),
            (
                #"{"version":3,"viewport":{"anchorID":1,"offset":1e400,"before":[],"after":[]}}"#, .offsetNotFinite(.infinity),
                #"field "viewport.offset" must be a finite number, got inf"#
            ),
            (
                #"{"version":3,"viewport":{"anchorID":1,"offset":1.01,"before":[],"after":[]}}"#, .offsetOutOfRange(1.01),
                #"field "viewport.offset" must be between 0 and 1, got 1.01"#
            ),
            (
                #"{"version":3,"viewport":{"anchorID":1,"offset":-0.5,"before":[],"after":[]}}"#, .offsetOutOfRange(-0.5),
                #"field "viewport.offset" must be between 0 and 1, got -0.5"#
            ),
            (
                #"{"version":3,"viewport":{"anchorID":1,"offset":0,"before":[1,2,3,4],"after":[]}}"#,
                .tooManyNeighbours(field: "viewport.before", count: 4, limit: 3),
                #"field "viewport.before" lists 4 IDs, at most 3 are allowed"#
            ),
            (
                #"{"version":3,"viewport":{"anchorID":1,"offset":0,"before":[],"after":[1,2,3,4,5]}}"#,
                .tooManyNeighbours(field: "viewport.after", count: 5, limit: 3),
                #"field "viewport.after" lists 5 IDs, at most 3 are allowed"#
            ),
            (
                #"{"version":3,"viewport":{"anchorID":1,"offset":0,"before":[null],"after":[]}}"#,
                .wrongType(field: "viewport.before[0]", expected: "an integer", got: "null"),
                #"field "viewport.before[0]" must be an integer, got null"#
            ),
        ] as [(String, RestoreError, String)])
    func saveRulesRefuseWithNamedField(text: String, error: RestoreError, description: String) {
        #expect(throws: error) { try CatalogRecordCodec.validateForSave(text) }
        #expect(error.localizedDescription == description)
        #expect(!description.contains("\n"))
    }

    @Test("records over 1 MiB are refused and records at the limit are accepted")
    func sizeLimitIsOneMebibyte() throws {
        let frame = #"{"query":""}"#.utf8.count
        let atLimit = #"{"query":""# + String(repeating: "a", count: 1_048_576 - frame) + #""}"#
        #expect(atLimit.utf8.count == 1_048_576)
        #expect(try CatalogRecordCodec.validateForSave(atLimit).version == 1)
        let overLimit = String(atLimit.dropLast(2)) + #"a"}"#
        #expect(throws: RestoreError.tooLarge(byteCount: 1_048_577, limit: 1_048_576)) {
            try CatalogRecordCodec.validateForSave(overLimit)
        }
        #expect(
            RestoreError.tooLarge(byteCount: 1_048_577, limit: 1_048_576).localizedDescription
                == "record is 1048577 bytes, larger than the limit of 1048576 bytes")
    }

    @Test("invalid UTF-8 is refused")
    func invalidUTF8IsRefused() {
        #expect(throws: RestoreError.notJSON(JSONParseError(offset: 10, reason: .invalidUTF8))) {
            try CatalogRecordCodec.validateForSave(Array(#"{"query":""#.utf8) + [0xC0, 0x80] + Array(#""}"#.utf8))
        }
    }

    @Test(arguments: [
        #"{"version":6,"minReaderVersion":2,"viewport":{"anchorID":1,"offset":2,"before":[],"after":[]}}"#,
        #"{"version":9,"minReaderVersion":2,"query":7}"#,
    ])
    func aNewerRecordIsStoredAsItIsEvenWhereThisBuildCouldReadIt(text: String) throws {
        let validated = try CatalogRecordCodec.validateForSave(text)
        #expect(validated.isNewerThanThisBuild && validated.payload == text)
    }
}
