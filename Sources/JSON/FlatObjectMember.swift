/// One member of a flat JSON object read in place, without a ``JSONValue`` made of it: a fast
/// path for code that rewrites small records member by member (a migration's upgrade).
///
/// ``members(of:)`` reads only objects whose text is already what ``JSONWriter`` writes for each
/// key and value: every value a string without escapes, an integer in its shortest form,
/// `true`, `false` or `null`, and no key with an escape. Their bytes can be copied as they are
/// into compact output, and that output is byte for byte what parsing the object and writing
/// it again gives. Any other text, valid JSON or not, is left to the parser.
package struct FlatObjectMember: Equatable, Sendable {
    /// What a member's value is.
    package enum Kind: Equatable, Sendable {
        /// A string; ``FlatObjectMember/value`` includes its quotes.
        case string
        /// An integer of at most 18 digits, written in its shortest form (no `-0`).
        case integer
        case null
        /// `true` or `false`.
        case bool
    }

    /// Where the key's bytes are, without its quotes.
    package let key: Range<Int>
    /// Where the value's text is, exactly as ``JSONWriter`` writes the value.
    package let value: Range<Int>
    package let kind: Kind

    /// The most members an object read this way may have (duplicate keys are looked for pair by
    /// pair; a larger object is left to the parser).
    package static let maximumMembers = 32
    /// The most digits an integer read this way may have: every such integer fits `Int64`.
    private static let maximumDigits = 18

    /// The value of an ``Kind/integer`` member; nil for any other kind, and for a value that
    /// does not fit `Int` where `Int` is 32 bits wide.
    package func integer(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard kind == .integer else { return nil }
        let isNegative = bytes[value.lowerBound] == UInt8(ascii: "-")
        let digits = (isNegative ? value.lowerBound + 1 : value.lowerBound)..<value.upperBound
        return JSONParser.integerValue(in: bytes, digits: digits, isNegative: isNegative).flatMap { Int(exactly: $0) }
    }

    /// The members of the object `bytes` holds, in order; nil unless the whole text is one flat
    /// object as the type describes (whitespace between tokens allowed), with distinct keys
    /// and valid UTF-8. The caller applies its own size limit first.
    package static func members(of bytes: UnsafeBufferPointer<UInt8>) -> [FlatObjectMember]? {
        var scanner = FlatObjectScanner(bytes: bytes)
        guard let members = scanner.members(), scanner.isAtEnd else { return nil }
        for (index, member) in members.enumerated() {
            let key = UnsafeBufferPointer(rebasing: bytes[member.key])
            for earlier in members[..<index] where earlier.key.count == key.count && key.elementsEqual(UnsafeBufferPointer(rebasing: bytes[earlier.key])) {
                return nil
            }
        }
        return members
    }

    /// Reads the flat object's tokens; each method returns nil at the first byte it does not take.
    private struct FlatObjectScanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0

        var isAtEnd: Bool {
            mutating get {
                skipWhitespace()
                return offset == bytes.count
            }
        }

        mutating func members() -> [FlatObjectMember]? {
            guard take(UInt8(ascii: "{")) else { return nil }
            var members: [FlatObjectMember] = []
            members.reserveCapacity(8)
            if take(UInt8(ascii: "}")) { return members }
            repeat {
                guard members.count < FlatObjectMember.maximumMembers, let key = string(), take(UInt8(ascii: ":")), let (value, kind) = value() else { return nil }
                members.append(FlatObjectMember(key: key.lowerBound + 1..<key.upperBound - 1, value: value, kind: kind))
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "}")) ? members : nil
        }

        /// Takes `byte` after any whitespace.
        mutating func take(_ byte: UInt8) -> Bool {
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == byte else { return false }
            offset += 1
            return true
        }

        mutating func skipWhitespace() {
            offset = JSONParser.endOfWhitespace(in: bytes, from: offset)
        }

        mutating func value() -> (Range<Int>, Kind)? {
            skipWhitespace()
            guard offset < bytes.count else { return nil }
            let start = offset
            switch bytes[offset] {
            case UInt8(ascii: "\""):
                return string().map { ($0, .string) }
            case UInt8(ascii: "n"):
                return literal("null") ? (start..<offset, .null) : nil
            case UInt8(ascii: "t"):
                return literal("true") ? (start..<offset, .bool) : nil
            case UInt8(ascii: "f"):
                return literal("false") ? (start..<offset, .bool) : nil
            default:
                return integer().map { ($0, .integer) }
            }
        }

        /// A string with its quotes, without escapes or control characters, in valid UTF-8.
        mutating func string() -> Range<Int>? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            let start = offset - 1
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "\"") {
                    offset += 1
                    return start..<offset
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
                if byte < 0x80 {
                    offset += 1
                } else {
                    guard let length = JSONParser.multibyteScalarLength(in: bytes, at: offset) else { return nil }
                    offset += length
                }
            }
            return nil
        }

        /// An integer as the writer spells it: `-`, then `0` alone or a digit other than `0`
        /// and up to 17 more, not followed by a fraction or an exponent.
        mutating func integer() -> Range<Int>? {
            let start = offset
            if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            let digitsStart = offset
            while offset < bytes.count, bytes[offset] &- UInt8(ascii: "0") < 10 { offset += 1 }
            let digits = offset - digitsStart
            guard digits > 0, digits <= FlatObjectMember.maximumDigits else { return nil }
            if bytes[digitsStart] == UInt8(ascii: "0") {
                // `0` alone, never `-0` (written as `0`) or a leading zero (not JSON).
                guard digits == 1, digitsStart == start else { return nil }
            }
            if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") || bytes[offset] | 0x20 == UInt8(ascii: "e") { return nil }
            return start..<offset
        }

        mutating func literal(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard offset + count <= bytes.count else { return false }
            let matches = word.withUTF8Buffer { $0.elementsEqual(UnsafeBufferPointer(rebasing: bytes[offset..<offset + count])) }
            if matches { offset += count }
            return matches
        }
    }
}
