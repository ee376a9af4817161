import JSON
import Testing

/// `FlatObjectMember.members(of:)` reads an object in place only when copying its bytes gives
/// what parsing and writing it gives; everything else is left to the parser.
@Suite struct FlatObjectMemberTests {
    /// Value spellings the writer writes as they are.
    static let canonicalValues = [#""""#, #""dune""#, #""café""#, #""😀 q""#, "0", "7", "-3", "123456789012345678", "null", "true", "false"]
    /// Valid JSON the writer spells differently, or that is not a flat value.
    static let otherValues = ["-0", "1.5", "1e3", "1E3", #""a\nb""#, #""\u00e9""#, "[]", "{}", #"{"a":1}"#, "1234567890123456789", "-9223372036854775808"]
    /// Not JSON.
    static let invalidValues = ["007", "-", "nul", "truex", "7x", #""open"#, "\"ctl\u{01}\"", "+1", ".5", ""]
    /// Keys the writer writes as they are.
    static let canonicalKeys = ["a", "query", "é", "", "x y"]
    /// Keys that are not (an escape) or not JSON (a raw control character).
    static let otherKeys = [#"k\u0041"#, "tab\t"]

    /// Every text is checked against the parser: what the scan takes, the parser reads as the
    /// same members, and the writer writes each value as the scanned bytes.
    private static func check(_ bytes: [UInt8], mustBeRead: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        let text = String(decoding: bytes, as: UTF8.self)
        let scanned = bytes.withUnsafeBufferPointer { FlatObjectMember.members(of: $0) }
        if mustBeRead { #expect(scanned != nil, "\(text)", sourceLocation: sourceLocation) }
        guard let scanned else { return }
        guard case .object(let object)? = try? JSONValue.parse(bytes) else {
            Issue.record("read in place, but the parser does not read an object: \(text)", sourceLocation: sourceLocation)
            return
        }
        #expect(object.count == scanned.count, "\(text)", sourceLocation: sourceLocation)
        for (member, (key, value)) in zip(scanned, object) {
            #expect(Array(key.utf8) == Array(bytes[member.key]), "\(text)", sourceLocation: sourceLocation)
            var writer = JSONWriter(isPretty: false, sortsKeys: false)
            writer.write(value)
            #expect(writer.output == Array(bytes[member.value]), "\(text)", sourceLocation: sourceLocation)
            let kind: FlatObjectMember.Kind? =
                switch value {
                case .string: .string
                case .integer: .integer
                case .null: .null
                case .bool: .bool
                default: nil
                }
            #expect(kind == member.kind, "\(text)", sourceLocation: sourceLocation)
            if case .integer(let integer) = value {
                #expect(bytes.withUnsafeBufferPointer { member.integer(in: $0) } == Int(integer), "\(text)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func aOneMemberObjectIsReadInPlaceOnlyWhenItsTextIsTheWritersOwn() {
        for key in Self.canonicalKeys + Self.otherKeys {
            for value in Self.canonicalValues + Self.otherValues + Self.invalidValues {
                let isCanonical = Self.canonicalKeys.contains(key) && Self.canonicalValues.contains(value)
                for spacing in ["", " ", "\n\t\r "] {
                    let text = "\(spacing){\(spacing)\"\(key)\"\(spacing):\(spacing)\(value)\(spacing)}\(spacing)"
                    Self.check(Array(text.utf8), mustBeRead: isCanonical)
                    if !isCanonical {
                        #expect(Array(text.utf8).withUnsafeBufferPointer { FlatObjectMember.members(of: $0) } == nil, "\(text)")
                    }
                }
            }
        }
    }

    @Test func objectsOfSeveralMembersKeepTheirOrderAndRefuseARepeatedKey() {
        let values = Self.canonicalValues
        for (index, first) in Self.canonicalKeys.enumerated() {
            for second in Self.canonicalKeys {
                let value = values[index % values.count]
                let other = values[(index + 3) % values.count]
                let text = #"{"\#(first)":\#(value), "\#(second)" :\#(other),"last":[1]}"#
                let flat = #"{"\#(first)":\#(value), "\#(second)" :\#(other)}"#
                Self.check(Array(text.utf8), mustBeRead: false)
                Self.check(Array(flat.utf8), mustBeRead: first != second)
                if first == second {
                    #expect(Array(flat.utf8).withUnsafeBufferPointer { FlatObjectMember.members(of: $0) } == nil, "a repeated key: \(flat)")
                }
            }
        }
        Self.check(Array("{}".utf8), mustBeRead: true)
        let most = "{" + (1...FlatObjectMember.maximumMembers).map { #""k\#($0)":\#($0)"# }.joined(separator: ",") + "}"
        Self.check(Array(most.utf8), mustBeRead: true)
        let many = "{" + (0...FlatObjectMember.maximumMembers).map { #""k\#($0)":\#($0)"# }.joined(separator: ",") + "}"
        #expect(Array(many.utf8).withUnsafeBufferPointer { FlatObjectMember.members(of: $0) } == nil, "more members than it compares pairwise")
    }

    @Test(arguments: [
        "\u{FEFF}{}", "{} x", "{}{}", "[]", "\"a\"", "7", "{", "}", "{,}", #"{"a":1,}"#, #"{"a" 1}"#, #"{"a":1 "b":2}"#, #"{"a":1,,"b":2}"#, #"{a:1}"#,
        // Cut off inside its last token.
        #"{"a":7"#, #"{"a":-"#, #"{"a":tru"#, #"{"a":"x"#, #"{"a"#, #"{"a":"#,
    ])
    func textThatIsNotOneFlatObjectIsLeftToTheParser(text: String) {
        #expect(Array(text.utf8).withUnsafeBufferPointer { FlatObjectMember.members(of: $0) } == nil, "\(text)")
    }

    /// Bytes that are not UTF-8, in a key or a value: overlong, a surrogate, above U+10FFFF, cut
    /// short, a lone continuation byte.
    @Test(arguments: [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xE2, 0x82], [0x80], [0xF4, 0x90, 0x80, 0x80]] as [[UInt8]])
    func invalidUTF8IsLeftToTheParser(sequence: [UInt8]) {
        let inValue = Array(#"{"a":"x"#.utf8) + sequence + Array(#""}"#.utf8)
        let inKey = Array(#"{"x"#.utf8) + sequence + Array(#"":1}"#.utf8)
        for bytes in [inValue, inKey] {
            #expect(bytes.withUnsafeBufferPointer { FlatObjectMember.members(of: $0) } == nil)
            #expect((try? JSONValue.parse(bytes)) == nil, "the parser refuses it too")
        }
    }
}
