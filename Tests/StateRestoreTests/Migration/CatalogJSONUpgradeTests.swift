import Foundation
import JSON
import ScreenModels
import StateRestore
import StateStore
import TestSupport
import Testing

@testable import ScreenKinds

/// The built-in catalog kind upgrades its older records at the JSON level; what it writes must
/// be what the codec's decode, upgrade and encode write, record for record.
@Suite struct CatalogJSONUpgradeTests {
    /// The built-in catalog kind, with the JSON-level upgrade.
    static let builtIn = RecordKind.builtIn[0]
    /// The catalog kind as any app kind is: upgraded through its codec.
    static let throughCodec = RecordKind(CatalogViewState.self)

    private static func upgrades(_ text: String) -> (json: RecordRewrite?, codec: RecordRewrite?) {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { (builtIn.upgradedRecord($0), throughCodec.upgradedRecord($0)) }
    }

    @Test(arguments: [
        #"{"query":"dune","selectedID":7,"colour":"blue"}"#,
        #"{"version":2,"query":"","selectedID":null,"showsOnlySelected":true,"viewport":{"anchorID":1,"offset":7,"before":[1,2,3,4],"after":[]}}"#,
        #"{"version":1,"showsOnlySelected":"yes","viewport":5,"selectedID":-9223372036854775808}"#,
        #"{"version":2,"minReaderVersion":9,"query":"caf\u00e9 \"q\"\n","extra":{"nested":[1,{"a":null}]},"z":1.5e300}"#,
        #" { "note" : "kept" , "selectedID" : 0 , "query" : "é" } "#,
        #"{"query":"a","query":"b"}"#,
        #"{"version":2,"showsOnlySelected":null}"#,
        #"{"selectedID":1.0}"#,
        #"{"selectedID":"7"}"#,
        #"{"query":7}"#,
        #"{"version":"2"}"#,
        #"{"version":0}"#,
        #"{"version":3,"query":"c"}"#,
        #"{"version":4,"minReaderVersion":3,"query":"r"}"#,
        #"{"minReaderVersion":"x"}"#,
        #"[1]"#,
        #"{"query": "#,
        "",
        // Records the writer's own encoding could hold, read in place, and their near misses.
        #"{"version":2,"showsOnlySelected":true,"query":"q é","k":null,"b":false,"n":-12,"s":"x"}"#,
        #"{"selectedID":-0}"#,
        #"{"selectedID":007}"#,
        #"{"selectedID":123456789012345678}"#,
        #"{"selectedID":1234567890123456789}"#,
        #"{"version":1,"version":2}"#,
        #"{"colour":"a","colour":"b"}"#,
        #"{"version":1,"minReaderVersion":0,"query":"q"}"#,
        #"{"version":-1,"query":"q"}"#,
        #"{"version":2,"minReaderVersion":2}"#,
        #"{"query":"x"} trailing"#,
        #"{"query":"x"}{}"#,
        "\u{FEFF}{\"query\":\"x\"}",
        #"{"qu\u0065ry":"x"}"#,
        #"{"query":"tab\there"}"#,
        #"{"query":"x","viewport":null,"showsOnlySelected":false}"#,
    ])
    func handPickedRecordsAreUpgradedAsTheCodecUpgradesThem(record: String) {
        let (json, codec) = Self.upgrades(record)
        #expect(json == codec, "\(record)")
    }

    @Test func seededRecordsAreUpgradedAsTheCodecUpgradesThem() {
        var random = SeededGenerator(seed: 0x5eed_40)
        var upgraded = 0
        var kept = 0
        for _ in 0..<3_000 {
            let record = Self.record(using: &random)
            let (json, codec) = Self.upgrades(record)
            #expect(json == codec, "\(record)")
            if codec == nil { kept += 1 } else { upgraded += 1 }
        }
        // Both outcomes are common, so each side of every rule is compared.
        #expect(upgraded > 500)
        #expect(kept > 500)
    }

    /// The record read in place is rewritten as the parsed record is, and that path is taken:
    /// an upgrade that always left the record to the parser would pass every test above.
    @Test func aRecordReadInPlaceIsRewrittenAsTheParsedRecordIs() {
        var random = SeededGenerator(seed: 0x5eed_41)
        var readInPlace = 0
        for _ in 0..<3_000 {
            let bytes = Array(Self.record(using: &random).utf8)
            bytes.withUnsafeBufferPointer { buffer in
                let parsed = CatalogJSONUpgrade.upgradedParsedRecord(UnsafeRawBufferPointer(buffer))
                guard let members = FlatObjectMember.members(of: buffer), let rewrite = CatalogJSONUpgrade.upgradedFlatRecord(members, in: buffer) else { return }
                readInPlace += 1
                #expect(rewrite == parsed, "\(String(decoding: buffer, as: UTF8.self))")
            }
        }
        #expect(readInPlace > 50, "\(readInPlace) of 3,000 records read in place (81 with this seed: most seeded records hold an escape or an object)")
        for record in [#"{"query":"dune","selectedID":7}"#, #"{"version":2,"query":"q","selectedID":null,"showsOnlySelected":true,"note":"kept"}"#] {
            Array(record.utf8).withUnsafeBufferPointer { buffer in
                let members = FlatObjectMember.members(of: buffer)
                #expect(members.flatMap { CatalogJSONUpgrade.upgradedFlatRecord($0, in: buffer) } != nil, "\(record) is read in place")
            }
        }
    }

    /// A catalog-like record: each field absent or of a type chosen at random (mostly the right
    /// one), unknown fields among them, members in a random order, random spacing.
    private static func record(using random: inout SeededGenerator) -> String {
        func pick(_ choices: [String?]) -> String? { choices.randomElement(using: &random)! }
        let fields: [(String, [String?])] = [
            ("version", [nil, nil, nil, "1", "1", "2", "2", "2", "3", "5", "0", "\"2\"", "2.0"]),
            ("minReaderVersion", [nil, nil, nil, nil, nil, nil, nil, nil, "1", "3", "0", "null"]),
            ("query", [nil, "\"\"", "\"dune\"", "\"dune\"", "\"caf\\u00e9\"", "\"tab\\t\\\"q\\\"\"", "\"😀\"", "7", "null"]),
            ("selectedID", [nil, "null", "0", "42", "42", "-3", "9223372036854775807", "1.5", "\"7\"", "true"]),
            ("showsOnlySelected", [nil, nil, "true", "false", "false", "null", "1"]),
            ("viewport", [nil, "null", #"{"anchorID":3,"offset":0.5,"before":[1,2,3,4,5],"after":[9]}"#, "7"]),
            ("note", [nil, "\"kept\"", #"{"deep":[1,{"x":null}]}"#]),
            ("colour", [nil, nil, "\"blue\"", "[]"]),
            ("\\u00e9", [nil, nil, "1"]),
            ("query", [nil, nil, nil, nil, nil, "\"again\""]),
        ]
        var members: [String] = []
        for (key, choices) in fields {
            guard let value = pick(choices) else { continue }
            let space = pick(["", "", " ", "\n"]) ?? ""
            members.append("\"\(key)\"\(space):\(space)\(value)")
        }
        members.shuffle(using: &random)
        return "{" + members.joined(separator: pick([",", ", "]) ?? ",") + "}"
    }
}
