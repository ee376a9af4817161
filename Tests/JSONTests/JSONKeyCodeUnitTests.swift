import Foundation
import JSON
import Testing

/// Keys compare by their code units (RFC 8259 §8.3): the NFC and the NFD spelling of "é" are two
/// keys in the parser, in lookups and in equality, as nst/JSONTestSuite's
/// `object_key_nfc_nfd.json` and `object_key_nfd_nfc.json` ask.
@Suite struct JSONKeyCodeUnitTests {
    static let nfc = "\u{00E9}"
    static let nfd = "e\u{0301}"
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/json")

    @Test(arguments: [("object_key_nfc_nfd.json", [nfc, nfd]), ("object_key_nfd_nfc.json", [nfd, nfc])])
    func canonicallyEquivalentKeysAreTwoKeys(file: String, order: [String]) throws {
        let bytes = try Data(contentsOf: Self.fixtures.appendingPathComponent(file))
        guard case .object(let object) = try JSONValue.parse(bytes) else {
            Issue.record("\(file) is not an object")
            return
        }
        #expect(object.keys.map { Array($0.utf8) } == order.map { Array($0.utf8) })
        #expect(object[Self.nfc] == .string("NFC"))
        #expect(object[Self.nfd] == .string("NFD"))
    }

    @Test func aLookupOfOneSpellingDoesNotFindTheOther() {
        var object = JSONObject()
        object[Self.nfc] = 1
        #expect(object[Self.nfd] == nil)
        object[Self.nfd] = 2
        #expect(object.count == 2)
        object[Self.nfc] = nil
        #expect(object.keys.map { Array($0.utf8) } == [Array(Self.nfd.utf8)])
    }

    @Test func aLargeObjectsIndexKeepsTheSpellingsApart() {
        var object = JSONObject()
        for number in 0..<20 { object["k\(number)"] = .integer(Int64(number)) }
        object[Self.nfc] = "NFC"
        object[Self.nfd] = "NFD"
        #expect(object.count == 22)
        #expect(object[Self.nfc] == "NFC" && object[Self.nfd] == "NFD")
    }

    @Test func equalityComparesKeysAndStringsByCodeUnits() {
        #expect(JSONValue.string(Self.nfc) != .string(Self.nfd))
        #expect(JSONValue.object([Self.nfc: 1]) != .object([Self.nfd: 1]))
        #expect(JSONValue.object([Self.nfc: 1]) == .object([Self.nfc: 1]))
    }

    @Test func theEncoderWritesBothKeysBack() throws {
        let text = #"{"\#(Self.nfc)":1,"\#(Self.nfd)":2}"#
        #expect(Array(try JSONValue.parse(Data(text.utf8)).encoded().utf8) == Array(text.utf8))
    }
}
