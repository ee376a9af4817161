import Foundation
import Testing

@testable import JSON

@Suite("JSONValue parsing")
struct JSONValueParsingTests {
    @Test(
        "valid documents parse to the exact value",
        arguments: [
            ("null", JSONValue.null),
            ("true", .bool(true)),
            ("false", .bool(false)),
            ("0", .integer(0)),
            ("-0", .integer(0)),
            ("42", .integer(42)),
            ("-17", .integer(-17)),
            ("9223372036854775807", .integer(.max)),
            ("-9223372036854775808", .integer(.min)),
            ("9223372036854775808", .double(0x1p63)),
            ("-9223372036854775809", .double(-0x1p63)),
            ("123456789012345678901234567890", .double(1.2345678901234568e29)),
            ("1.0", .double(1)),
            ("1.5", .double(1.5)),
            ("-0.25", .double(-0.25)),
            ("1e3", .double(1000)),
            ("1E+3", .double(1000)),
            ("2.5e-3", .double(0.0025)),
            ("1e400", .double(.infinity)),
            ("-1e400", .double(-.infinity)),
            ("1e-400", .double(0)),
            (#""""#, .string("")),
            (#""plain""#, .string("plain")),
            (#""\"\\\/\b\f\n\r\t""#, .string("\"\\/\u{8}\u{C}\n\r\t")),
            (#""\u0041\u00e9\u20AC""#, .string("Aé€")),
            (#""\ud83d\ude00""#, .string("😀")),
            (#""\u0000""#, .string("\u{0}")),
            ("\"héllo wörld 😀\"", .string("héllo wörld 😀")),
            ("\"a\u{2028}b\"", .string("a\u{2028}b")),
            ("[]", .array([])),
            ("{}", .object([:])),
            (" \t\r\n[1, \"a\", null, true] \n", .array([1, "a", nil, true])),
            (#"{"b":1,"a":{"c":[2.5]}}"#, ["b": 1, "a": ["c": [2.5]]]),
        ] as [(String, JSONValue)])
    func validDocumentsParse(text: String, expected: JSONValue) throws {
        #expect(try JSONValue.parse(text) == expected)
    }

    @Test(
        "invalid documents are rejected with a reason and offset",
        arguments: [
            ("", 0, JSONParseError.Reason.unexpectedEndOfInput(expected: "a value")),
            ("   ", 3, .unexpectedEndOfInput(expected: "a value")),
            ("nul", 3, .unexpectedEndOfInput(expected: "'null'")),
            ("nulx", 3, .unexpectedByte(UInt8(ascii: "x"), expected: "'null'")),
            ("True", 0, .unexpectedByte(UInt8(ascii: "T"), expected: "a value")),
            ("01", 1, .leadingZero),
            ("-01", 2, .leadingZero),
            ("00", 1, .leadingZero),
            ("-", 1, .unexpectedEndOfInput(expected: "a digit")),
            ("-a", 1, .invalidNumber(detail: "expected a digit after '-'")),
            ("+1", 0, .unexpectedByte(UInt8(ascii: "+"), expected: "a value")),
            (".5", 0, .unexpectedByte(UInt8(ascii: "."), expected: "a value")),
            ("1.", 2, .invalidNumber(detail: "expected a digit after '.'")),
            ("1.e5", 2, .invalidNumber(detail: "expected a digit after '.'")),
            ("1e", 2, .invalidNumber(detail: "expected a digit in the exponent")),
            ("1e+", 3, .invalidNumber(detail: "expected a digit in the exponent")),
            ("NaN", 0, .unexpectedByte(UInt8(ascii: "N"), expected: "a value")),
            ("Infinity", 0, .unexpectedByte(UInt8(ascii: "I"), expected: "a value")),
            ("-Infinity", 1, .invalidNumber(detail: "expected a digit after '-'")),
            ("0x10", 1, .trailingCharacters),
            ("1 2", 2, .trailingCharacters),
            ("{} x", 3, .trailingCharacters),
            ("[1,]", 3, .unexpectedByte(UInt8(ascii: "]"), expected: "a value")),
            ("[1 2]", 3, .unexpectedByte(UInt8(ascii: "2"), expected: "',' or ']'")),
            ("[1", 2, .unexpectedEndOfInput(expected: "',' or ']'")),
            ("{\"a\":1,}", 7, .unexpectedByte(UInt8(ascii: "}"), expected: "a string key")),
            ("{\"a\" 1}", 5, .unexpectedByte(UInt8(ascii: "1"), expected: "':'")),
            ("{a:1}", 1, .unexpectedByte(UInt8(ascii: "a"), expected: "a string key or '}'")),
            ("{'a':1}", 1, .unexpectedByte(UInt8(ascii: "'"), expected: "a string key or '}'")),
            ("{\"a\":1,\"a\":2}", 7, .duplicateKey("a")),
            ("[{\"id\":1,\"id\":1}]", 9, .duplicateKey("id")),
            ("\"abc", 4, .unexpectedEndOfInput(expected: "'\"' to close the string")),
            ("\"a\nb\"", 2, .controlCharacterInString(0x0A)),
            ("\"a\tb\"", 2, .controlCharacterInString(0x09)),
            ("\"\\x\"", 1, .invalidEscape),
            ("\"\\u12\"", 1, .invalidEscape),
            ("\"\\u12G4\"", 1, .invalidEscape),
            ("\"\\ud800\"", 1, .loneSurrogate(0xD800)),
            ("\"\\udc00\"", 1, .loneSurrogate(0xDC00)),
            ("\"\\ud800\\u0041\"", 1, .loneSurrogate(0xD800)),
            ("\"\\ud800\\ud800\"", 1, .loneSurrogate(0xD800)),
            ("\u{FEFF}{}", 0, .unexpectedByte(0xEF, expected: "a value")),
        ] as [(String, Int, JSONParseError.Reason)])
    func invalidDocumentsAreRejected(text: String, offset: Int, reason: JSONParseError.Reason) {
        #expect(throws: JSONParseError(offset: offset, reason: reason)) {
            try JSONValue.parse(text)
        }
    }

    @Test(
        "invalid UTF-8 in strings is rejected",
        arguments: [
            [0x22, 0x80, 0x22],  // lone continuation byte
            [0x22, 0xC0, 0xAF, 0x22],  // overlong "/"
            [0x22, 0xC1, 0xBF, 0x22],  // overlong two-byte
            [0x22, 0xE0, 0x80, 0xAF, 0x22],  // overlong three-byte
            [0x22, 0xF0, 0x80, 0x80, 0xAF, 0x22],  // overlong four-byte
            [0x22, 0xED, 0xA0, 0x80, 0x22],  // encoded surrogate U+D800
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // above U+10FFFF
            [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22],  // invalid lead byte
            [0x22, 0xFF, 0x22],  // invalid byte
            [0x22, 0xC3, 0x22],  // truncated sequence
            [0x22, 0xE2, 0x82, 0x22],  // truncated three-byte
            [0x22, 0xE2, 0x82],  // truncated at end of input
        ] as [[UInt8]])
    func invalidUTF8InStringsIsRejected(bytes: [UInt8]) {
        #expect(throws: JSONParseError(offset: 1, reason: .invalidUTF8)) {
            try JSONValue.parse(bytes)
        }
    }

    @Test("non-ASCII bytes outside strings are rejected")
    func nonASCIIOutsideStringsIsRejected() {
        #expect(throws: JSONParseError(offset: 1, reason: .unexpectedByte(0xC3, expected: "a value"))) {
            try JSONValue.parse([UInt8(ascii: "["), 0xC3, 0xA9, UInt8(ascii: "]")])
        }
    }

    @Test("nesting up to the limit parses and one level more is refused", arguments: [1, 2, 64])
    func nestingAtTheLimitParses(depth: Int) throws {
        let limits = JSONLimits(maxBytes: 1 << 20, maxDepth: depth)
        let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(throws: Never.self) { try JSONValue.parse(arrays, limits: limits) }
        let objects = String(repeating: "{\"k\":", count: depth) + "0" + String(repeating: "}", count: depth)
        #expect(throws: Never.self) { try JSONValue.parse(objects, limits: limits) }
        let tooDeep = "[" + arrays + "]"
        #expect(throws: JSONParseError(offset: depth, reason: .nestingTooDeep(limit: depth))) {
            try JSONValue.parse(tooDeep, limits: limits)
        }
    }

    @Test("a hundred thousand open brackets fail cleanly instead of overflowing the stack")
    func hostileNestingFailsCleanly() {
        let hostile = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        #expect(throws: JSONParseError(offset: 64, reason: .nestingTooDeep(limit: 64))) {
            try JSONValue.parse(hostile)
        }
        let objects = String(repeating: "{\"a\":", count: 100_000)
        #expect(throws: JSONParseError(offset: 64 * 5, reason: .nestingTooDeep(limit: 64))) {
            try JSONValue.parse(objects)
        }
    }

    @Test("an 8 MiB string parses within the default limit")
    func eightMebibyteStringParses() throws {
        var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 8 * 1024 * 1024 + 2)
        bytes[0] = UInt8(ascii: "\"")
        bytes[bytes.count - 1] = UInt8(ascii: "\"")
        let value = try JSONValue.parse(bytes)
        guard case .string(let string) = value else {
            Issue.record("expected a string, got \(value.kindName)")
            return
        }
        #expect(string.utf8.count == 8 * 1024 * 1024)
    }

    @Test("input over the byte limit is refused before parsing")
    func oversizedInputIsRefused() {
        let limits = JSONLimits(maxBytes: 10, maxDepth: 64)
        #expect(throws: JSONParseError(offset: 0, reason: .inputTooLarge(byteCount: 11, limit: 10))) {
            try JSONValue.parse("\"123456789\"", limits: limits)
        }
        #expect(throws: Never.self) { try JSONValue.parse("\"12345678\"", limits: limits) }
    }

    @Test("negative zero keeps its sign as a double and is plain zero as an integer")
    func negativeZero() throws {
        #expect(try JSONValue.parse("-0") == .integer(0))
        guard case .double(let double) = try JSONValue.parse("-0.0") else {
            Issue.record("expected a double")
            return
        }
        #expect(double == 0 && double.sign == .minus)
    }

    @Test("Data, byte arrays, strings and non-contiguous collections parse alike")
    func inputKindsParseAlike() throws {
        let text = #"{"a":[1,2.5,"x"]}"#
        let expected: JSONValue = ["a": [1, 2.5, "x"]]
        #expect(try JSONValue.parse(text) == expected)
        #expect(try JSONValue.parse(Data(text.utf8)) == expected)
        #expect(try JSONValue.parse(Array(text.utf8)) == expected)
        #expect(try JSONValue.parse(text.utf8.lazy.map { $0 }) == expected)
    }

    @Test("object keys keep document order")
    func objectKeysKeepOrder() throws {
        let keys = (0..<40).map { "k\(39 - $0)" }
        let text = "{" + keys.map { "\"\($0)\":0" }.joined(separator: ",") + "}"
        guard case .object(let object) = try JSONValue.parse(text) else {
            Issue.record("expected an object")
            return
        }
        #expect(object.keys == keys)
        #expect(object["k7"] == .integer(0))
        #expect(object["missing"] == nil)
    }

    @Test("duplicate keys are found in large objects too")
    func duplicateKeysInLargeObjects() {
        let keys = (0..<30).map { "k\($0)" } + ["k3"]
        let text = "{" + keys.map { "\"\($0)\":0" }.joined(separator: ",") + "}"
        let duplicateOffset = text.utf8.count - #""k3":0}"#.utf8.count
        #expect(throws: JSONParseError(offset: duplicateOffset, reason: .duplicateKey("k3"))) {
            try JSONValue.parse(text)
        }
    }

    @Test("error descriptions are one readable line naming the byte offset")
    func errorDescriptionsAreReadable() {
        do {
            _ = try JSONValue.parse(#"{"title":"a","title":"b"}"#)
            Issue.record("expected a duplicate key error")
        } catch {
            #expect(error.localizedDescription == #"invalid JSON at byte 13: duplicate key "title""#)
        }
    }

    /// How fast is the benchmark's to say (restorectl-bench's decode rows); a bound on the time
    /// here fails correct code on a loaded machine under a sanitizer.
    @Test("a 10,000-book document parses whole")
    func largeDocumentParsesWhole() throws {
        let books = (0..<10_000).map { #"{"id":\#($0),"title":"Book number \#($0) — a title of some length"}"# }
        let text = #"{"books":["# + books.joined(separator: ",") + "]}"
        guard case .array(let array)? = try JSONValue.parse(text)["books"] else {
            Issue.record("the document's books are not an array")
            return
        }
        #expect(array.count == 10_000)
        #expect(array.last?["title"] == "Book number 9999 — a title of some length")
    }
}
