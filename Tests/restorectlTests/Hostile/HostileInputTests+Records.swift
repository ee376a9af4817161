import Foundation
import JSON
import ScreenKinds
import StateRestore
import StateStore
import TestSupport
import Testing

/// `save --state`: every refusal is exit 65 and writes nothing; what the record rules accept is
/// stored byte for byte and restores.
extension HostileInputTests {
    static let refusedRecords: [HostileBytes] =
        [
            HostileBytes("invalid UTF-8 in a string", [UInt8](#"{"query":"a"#.utf8) + [0xFF] + Array(#""}"#.utf8), "string is not valid UTF-8"),
            HostileBytes("invalid UTF-8 outside strings", [0x7B, 0xC3, 0x7D], "unexpected byte 0xC3"),
            HostileBytes("overlong UTF-8 slash", [UInt8](#"{"query":""#.utf8) + [0xC0, 0xAF] + Array(#""}"#.utf8), "not valid UTF-8"),
            HostileBytes("UTF-8 encoded surrogate", [UInt8](#"{"query":""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8), "not valid UTF-8"),
            HostileBytes("truncated UTF-8 at the end", [UInt8](#"{"query":""#.utf8) + [0xE2, 0x82], "not valid"),
            HostileBytes("byte order mark", [0xEF, 0xBB, 0xBF] + Array("{}".utf8), "unexpected byte 0xEF"),
            HostileBytes("raw NUL in a string", [UInt8](#"{"query":""#.utf8) + [0x00] + Array(#""}"#.utf8), "control character 0x00"),
            HostileBytes("lone surrogate escape", #"{"query":"\uD800"}"#, "lone surrogate"),
            HostileBytes("100,000-deep array", HostileBytes.nested(100_000), "nested deeper than 64 levels"),
            HostileBytes("100,000-deep array in a field", HostileBytes.nested(100_000, inside: #"{"version":3,"junk":"#, "}"), "nested deeper than 64 levels"),
            HostileBytes("8 MiB string", Array(#"{"query":""#.utf8) + [UInt8](repeating: 0x61, count: 8 << 20) + Array(#""}"#.utf8), "larger than the limit of 1048576 bytes"),
            HostileBytes("1 MiB + 1 byte", Array(#"{"query":""#.utf8) + [UInt8](repeating: 0x61, count: (1 << 20) - 11) + Array(#""}"#.utf8), "record is 1048577 bytes"),
            HostileBytes("selectedID 1e30", #"{"version":3,"selectedID":1e30}"#, #"field "selectedID" must be an integer or null, got number"#),
            HostileBytes("selectedID Int64.max + 1", #"{"version":3,"selectedID":9223372036854775808}"#, #"field "selectedID" must be an integer or null"#),
            HostileBytes("selectedID Int64.min - 1", #"{"version":3,"selectedID":-9223372036854775809}"#, #"field "selectedID" must be an integer or null"#),
            HostileBytes("selectedID 1.0", #"{"version":3,"selectedID":1.0}"#, #"field "selectedID" must be an integer or null"#),
            HostileBytes("anchorID 1e30", #"{"version":3,"viewport":{"anchorID":1e30,"offset":0,"before":[],"after":[]}}"#, #"field "viewport.anchorID" must be an integer"#),
            HostileBytes(
                "neighbour out of range", #"{"version":3,"viewport":{"anchorID":1,"offset":0,"before":[2,9223372036854775808],"after":[]}}"#, #"field "viewport.before[1]" must be an integer"#),
            HostileBytes("offset 1e999", viewport(offset: "1e999"), #""viewport.offset" must be a finite number"#),
            HostileBytes("offset -1e999", viewport(offset: "-1e999"), #""viewport.offset" must be a finite number"#),
            HostileBytes("offset 1.0000001", viewport(offset: "1.0000001"), "must be between 0 and 1, got 1.0000001"),
            HostileBytes("offset -1e-300", viewport(offset: "-1e-300"), "must be between 0 and 1, got -1e-300"),
            HostileBytes("offset 2", viewport(offset: "2"), "must be between 0 and 1, got 2.0"),
            HostileBytes("four neighbours", #"{"version":3,"viewport":{"anchorID":1,"offset":0,"before":[2,2,2,2],"after":[]}}"#, "lists 4 IDs, at most 3"),
            HostileBytes("version 0", #"{"version":0}"#, #"field "version" must be an integer ≥ 1, got integer 0"#),
            HostileBytes("version -1", #"{"version":-1}"#, #"field "version" must be an integer ≥ 1, got integer -1"#),
            HostileBytes("version \"3\"", #"{"version":"3"}"#, #"field "version" must be an integer ≥ 1, got string"#),
            HostileBytes("version 3.5", #"{"version":3.5}"#, #"field "version" must be an integer ≥ 1, got number 3.5"#),
            HostileBytes("version null", #"{"version":null}"#, #"field "version" must be an integer ≥ 1, got null"#),
            HostileBytes("version true", #"{"version":true}"#, #"field "version" must be an integer ≥ 1, got boolean"#),
            HostileBytes("version 1e400", #"{"version":1e400}"#, #"field "version" must be an integer ≥ 1, got number"#),
            HostileBytes("minReaderVersion 0", #"{"version":4,"minReaderVersion":0}"#, #"field "minReaderVersion" must be an integer ≥ 1, got integer 0"#),
            HostileBytes("minReaderVersion \"3\"", #"{"version":4,"minReaderVersion":"3"}"#, #"field "minReaderVersion" must be an integer ≥ 1, got string"#),
            HostileBytes("minReaderVersion 2.5", #"{"version":4,"minReaderVersion":2.5}"#, #"field "minReaderVersion" must be an integer ≥ 1"#),
            HostileBytes("minReaderVersion null", #"{"version":4,"minReaderVersion":null}"#, #"field "minReaderVersion" must be an integer ≥ 1, got null"#),
            HostileBytes("minReaderVersion object", #"{"version":4,"minReaderVersion":{}}"#, #"field "minReaderVersion" must be an integer ≥ 1, got object"#),
            HostileBytes("minReaderVersion above version", #"{"version":2,"minReaderVersion":3}"#, #"must not be newer than "version""#),
            HostileBytes("empty input", "", "unexpected end of input"),
            HostileBytes("whitespace only", " \n\t ", "unexpected end of input"),
            HostileBytes("an array", "[]", "must be a JSON object, got array"),
            HostileBytes("null", "null", "must be a JSON object, got null"),
            HostileBytes("a string", #""{\"query\":\"x\"}""#, "must be a JSON object, got string"),
            HostileBytes("a number", "3", "must be a JSON object, got integer"),
            HostileBytes("two objects", "{}{}", "unexpected characters after the JSON value"),
            HostileBytes("duplicate key", #"{"query":"a","query":"b"}"#, #"duplicate key "query""#),
        ] + wrongTypes

    /// A wrong type for every field a v3 record defines, and every member of its viewport.
    static let wrongTypes: [HostileBytes] =
        [
            ("query", "1", "a string"), ("query", "null", "a string"), ("query", "[]", "a string"),
            ("selectedID", #""8""#, "an integer or null"), ("selectedID", "true", "an integer or null"), ("selectedID", "{}", "an integer or null"),
            ("showsOnlySelected", "1", "a boolean"), ("showsOnlySelected", #""true""#, "a boolean"), ("showsOnlySelected", "null", "a boolean"),
            ("viewport", "[]", "an object or null"), ("viewport", #""top""#, "an object or null"), ("viewport", "0", "an object or null"),
        ].map { field, value, expected in
            HostileBytes("\(field): \(value)", #"{"version":3,"\#(field)":\#(value)}"#, #"field "\#(field)" must be \#(expected)"#)
        }
        + [
            ("anchorID", #""10""#, #"field "viewport.anchorID" must be an integer"#),
            ("anchorID", "null", #"field "viewport.anchorID" must be an integer"#),
            ("offset", #""0.5""#, #"field "viewport.offset" must be a number"#),
            ("offset", "null", #"field "viewport.offset" must be a number"#),
            ("before", "{}", #"field "viewport.before" must be an array of integers"#),
            ("before", "[1.5]", #"field "viewport.before[0]" must be an integer"#),
            ("after", "null", #"field "viewport.after" must be an array of integers"#),
            ("after", #"["11"]"#, #"field "viewport.after[0]" must be an integer"#),
        ].map { member, value, problem in
            var members = ["anchorID": "10", "offset": "0.5", "before": "[]", "after": "[]"]
            members[member] = value
            let object = ["anchorID", "offset", "before", "after"].map { #""\#($0)":\#(members[$0]!)"# }.joined(separator: ",")
            return HostileBytes("viewport.\(member): \(value)", #"{"version":3,"viewport":{\#(object)}}"#, problem)
        }
        + ["anchorID", "offset", "before", "after"].map { member in
            let object = [#""anchorID":10"#, #""offset":0.5"#, #""before":[]"#, #""after":[]"#].filter { !$0.hasPrefix(#""\#(member)""#) }
            return HostileBytes("viewport without \(member)", #"{"version":3,"viewport":{\#(object.joined(separator: ","))}}"#, #"field "viewport.\#(member)" is missing"#)
        }

    static func viewport(offset: String) -> String {
        #"{"version":3,"viewport":{"anchorID":10,"offset":\#(offset),"before":[9],"after":[11]}}"#
    }

    @Test(arguments: refusedRecords)
    func saveRefusesRecordExit65NamingTheProblemAndWritesNothing(record: HostileBytes) throws {
        let state = try file("record.json", record.bytes)
        try expectRefusal(["save", "--db", stateFile.path, "--scene", "main", "--state", state], mentioning: record.problem)
        let again = CapturedRun(["save", "--db", stateFile.path, "--scene", "main", "--state", state])
        #expect(again.stderr.hasPrefix("restorectl: invalid record \(state): "), "\(again.stderr)")
    }

    /// One refusal per kind (encoding, depth, size), for the paths that need not repeat them all.
    static let representativeRefusedRecords = refusedRecords.filter {
        ["invalid UTF-8 in a string", "100,000-deep array", "8 MiB string"].contains($0.label)
    }

    @Test func saveRefusesHostileStandardInputTheSameWay() throws {
        for record in Self.representativeRefusedRecords {
            try expectRefusal(["save", "--db", stateFile.path, "--scene", "main", "--state", "-"], mentioning: record.problem, input: Data(record.bytes))
            try FileManager.default.removeItem(atPath: stateFile.path)
        }
    }

    /// Records the rules accept, with the state `restore --json` must return for each against
    /// `ids.json` (IDs from `Int64.min` to `Int64.max`, negatives included).
    static let acceptedRecords: [(label: String, record: String, restoredState: String, report: [String])] = [
        (
            "negative IDs",
            #"{"version":3,"query":"","selectedID":-5,"showsOnlySelected":false,"viewport":{"anchorID":-1,"offset":0.5,"before":[-2,-5],"after":[0]}}"#,
            #"{"version":3,"query":"","selectedID":-5,"showsOnlySelected":false,"viewport":{"anchorID":-1,"offset":0.5,"before":[-2,-5],"after":[0]}}"#,
            []
        ),
        (
            "Int64.min and Int64.max as IDs",
            #"{"version":3,"query":"","selectedID":-9223372036854775808,"showsOnlySelected":false,"viewport":{"anchorID":9223372036854775807,"offset":1,"before":[-9223372036854775808],"after":[]}}"#,
            #"{"version":3,"query":"","selectedID":-9223372036854775808,"showsOnlySelected":false,"viewport":{"anchorID":9223372036854775807,"offset":1,"before":[-9223372036854775808],"after":[]}}"#,
            []
        ),
        (
            "duplicate neighbour IDs",
            #"{"version":3,"query":"","selectedID":9,"showsOnlySelected":false,"viewport":{"anchorID":10,"offset":0.25,"before":[9,9,9],"after":[11,11,11]}}"#,
            #"{"version":3,"query":"","selectedID":9,"showsOnlySelected":false,"viewport":{"anchorID":10,"offset":0.25,"before":[9,9,9],"after":[11,11,11]}}"#,
            []
        ),
        (
            "offset -0.0",
            viewport(offset: "-0.0"),
            #"{"version":3,"query":"","selectedID":null,"showsOnlySelected":false,"viewport":{"anchorID":10,"offset":0,"before":[9],"after":[11]}}"#,
            ["defaults-applied"]
        ),
        (
            "offset 1e-400 (underflows to 0)",
            viewport(offset: "1e-400"),
            #"{"version":3,"query":"","selectedID":null,"showsOnlySelected":false,"viewport":{"anchorID":10,"offset":0,"before":[9],"after":[11]}}"#,
            ["defaults-applied"]
        ),
        (
            "escaped NUL, newline and terminal escape in the query",
            #"{"version":3,"query":"a\u0000b\n\u001b[2J","selectedID":null,"showsOnlySelected":false,"viewport":null}"#,
            #"{"version":3,"query":"a\u0000b\n\u001b[2J","selectedID":null,"showsOnlySelected":false,"viewport":null}"#,
            []
        ),
        (
            "unknown fields of any type, 60 levels deep",
            #"{"version":3,"x":"# + String(repeating: "[", count: 60) + String(repeating: "]", count: 60)
                + #","y":{"z":1e999},"query":"","selectedID":null,"showsOnlySelected":false,"viewport":null}"#,
            #"{"version":3,"query":"","selectedID":null,"showsOnlySelected":false,"viewport":null}"#,
            []
        ),
        (
            "v1 record with v3 field names of the wrong type (unknown to v1)",
            #"{"query":"","selectedID":8,"showsOnlySelected":"yes","viewport":7}"#,
            #"{"version":3,"query":"","selectedID":8,"showsOnlySelected":false,"viewport":null}"#,
            ["record-upgraded", "defaults-applied"]
        ),
        (
            "format Int64.max without minReaderVersion (stored as is, not restored)",
            #"{"version":9223372036854775807,"query":1}"#,
            #"{"version":3,"query":"","selectedID":null,"showsOnlySelected":false,"viewport":null}"#,
            ["unsupported-version"]
        ),
    ]

    static let idsDocument =
        #"{"books":[{"id":-9223372036854775808,"title":"min"},{"id":-5,"title":"a"},{"id":-2,"title":"b"},{"id":-1,"title":"c"},{"id":0,"title":"d"},{"id":8,"title":"e"},{"id":9,"title":"f"},{"id":10,"title":"g"},{"id":11,"title":"h"},{"id":9223372036854775807,"title":"max"}]}"#

    @Test(arguments: acceptedRecords.map { ($0.label, $0.record, $0.restoredState, $0.report) })
    func saveStoresTheAppsEncodingOfAnAcceptedRecordAndRestoreReturnsIt(label: String, record: String, restoredState: String, report: [String]) throws {
        let state = try file("record.json", record.utf8)
        let document = try file("ids.json", Self.idsDocument.utf8)
        let save = CapturedRun(["save", "--db", stateFile.path, "--scene", "main", "--state", state])
        #expect(save.exitCode == 0, "\(save.stderr)")
        #expect(save.stderr.isEmpty)
        // A current-format record is stored as the app's build encodes its state; another
        // format as that format, in the canonical encoding.
        let isCurrent = try JSONValue.parse(record)["version"] == 3
        let stored = try expectStoredAsTheAppWritesIt(isCurrent ? restoredState : JSONValue.parse(record).encoded())
        #expect(save.stdout.hasSuffix("record (\(stored.count) bytes) for scene \"main\".\n"), "\(save.stdout)")

        let restored = try restoreMain(against: document)
        let expected = try JSONValue.parse(restoredState)
        #expect(JSONComparison.difference(try #require(restored["state"]), expected) == nil, "\(label)")
        // The save filled the absent fields, as the app's build does.
        #expect(Self.reportCodes(restored) == (isCurrent ? report.filter { $0 != "defaults-applied" } : report))
    }

    @Test func a900KiBStringIsStoredAndRestores() throws {
        let query = String(repeating: "é", count: 460_800)
        let record = #"{"version":3,"query":"\#(query)","selectedID":null}"#
        #expect(record.utf8.count > 900 * 1024 && record.utf8.count < Store.maximumRecordBytes)
        let run = CapturedRun(["save", "--db", stateFile.path, "--scene", "main", "--state", "-"], input: Data(record.utf8))
        #expect(run.exitCode == 0, "\(run.stderr)")
        try expectStoredAsTheAppWritesIt(#"{"version":3,"query":"\#(query)","selectedID":null,"showsOnlySelected":false,"viewport":null}"#)

        let restored = try restoreMain(against: PackageFolders.path("documents/original.json"))
        #expect(restored["state"]?["query"] == .string(query))
        #expect(restored["frame"]?["rows"] == [])
        #expect(Self.reportCodes(restored) == [])
    }

    /// Scene "main" holds the record as the app's build writes it: no indentation or trailing
    /// newline, and every field of `state` (the state in the current format) with its value.
    /// Returns the stored bytes.
    @discardableResult
    func expectStoredAsTheAppWritesIt(_ state: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Data {
        let store = try Store(readingExistingFileAt: stateFile.path)
        defer { store.close() }
        let payload = try #require(try store.record(account: "default", scene: "main", kind: "catalog")?.payload, sourceLocation: sourceLocation)
        let text = String(decoding: payload, as: UTF8.self)
        #expect(!text.hasSuffix("\n") && !text.hasPrefix("{\n"), "\(text.prefix(200))", sourceLocation: sourceLocation)
        let stored = try JSONValue.parse(payload, limits: JSONLimits(maxBytes: 64 << 20, maxDepth: 64))
        guard case .object(let fields) = try JSONValue.parse(state) else {
            Issue.record("not an object: \(state)", sourceLocation: sourceLocation)
            return payload
        }
        for (key, value) in fields {
            #expect(stored[key].map { JSONComparison.difference($0, value) == nil } == true, "\(key): \(String(describing: stored[key]))", sourceLocation: sourceLocation)
        }
        return payload
    }
}
