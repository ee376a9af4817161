/// A strict RFC 8259 parser over a contiguous byte buffer.
///
/// Nesting is handled with an explicit stack, never recursion, so hostile depth produces
/// ``JSONParseError/Reason/nestingTooDeep(limit:)`` rather than a stack overflow. ASCII runs in
/// strings become a `String` in one step; only strings with escapes go through a scratch buffer.
struct JSONParser: ~Copyable {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let limits: JSONLimits
    private var offset = 0
    private var scratch: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    /// One open array or object.
    private struct Frame {
        var isObject: Bool
        var array: [JSONValue] = []
        var object = JSONObject()
        var pendingKey = ""
        var pendingKeyOffset = 0
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        guard bytes.count <= limits.maxBytes else {
            throw JSONParseError(offset: 0, reason: .inputTooLarge(byteCount: bytes.count, limit: limits.maxBytes))
        }
        var stack: [Frame] = []
        var value: JSONValue
        skipWhitespace()
        parsing: while true {
            // Read the start of a value.
            guard offset < bytes.count else { throw failure(.unexpectedEndOfInput(expected: "a value")) }
            switch bytes[offset] {
            case UInt8(ascii: "{"):
                try checkDepth(stack.count)
                offset += 1
                skipWhitespace()
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
                    offset += 1
                    value = .object(JSONObject())
                } else {
                    var frame = Frame(isObject: true)
                    (frame.pendingKey, frame.pendingKeyOffset) = try parseKey(closingAllowed: true)
                    stack.append(frame)
                    continue parsing
                }
            case UInt8(ascii: "["):
                try checkDepth(stack.count)
                offset += 1
                skipWhitespace()
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
                    offset += 1
                    value = .array([])
                } else {
                    stack.append(Frame(isObject: false))
                    continue parsing
                }
            case UInt8(ascii: "\""):
                value = .string(try parseString())
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = try parseNumber()
            case let byte:
                throw failure(.unexpectedByte(byte, expected: "a value"))
            }

            // Attach the finished value to the open containers, closing as many as end here.
            while let top = stack.indices.last {
                let isObject = stack[top].isObject
                if isObject {
                    let key = stack[top].pendingKey
                    guard stack[top].object.insertIfAbsent(key, value) else {
                        throw JSONParseError(offset: stack[top].pendingKeyOffset, reason: .duplicateKey(key))
                    }
                } else {
                    stack[top].array.append(value)
                }
                skipWhitespace()
                let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                let expected = isObject ? "',' or '}'" : "',' or ']'"
                guard offset < bytes.count else { throw failure(.unexpectedEndOfInput(expected: expected)) }
                let byte = bytes[offset]
                if byte == UInt8(ascii: ",") {
                    offset += 1
                    skipWhitespace()
                    if isObject {
                        (stack[top].pendingKey, stack[top].pendingKeyOffset) = try parseKey(closingAllowed: false)
                    }
                    continue parsing
                }
                guard byte == closer else { throw failure(.unexpectedByte(byte, expected: expected)) }
                offset += 1
                let frame = stack.removeLast()
                value = isObject ? .object(frame.object) : .array(frame.array)
            }

            skipWhitespace()
            guard offset == bytes.count else { throw failure(.trailingCharacters) }
            return value
        }
    }

    // MARK: - Structure

    private func failure(_ reason: JSONParseError.Reason) -> JSONParseError {
        JSONParseError(offset: offset, reason: reason)
    }

    private func checkDepth(_ openContainers: Int) throws(JSONParseError) {
        guard openContainers < limits.maxDepth else { throw failure(.nestingTooDeep(limit: limits.maxDepth)) }
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return
            }
        }
    }

    /// Reads `"key"` `:` and the whitespace after it; returns the key and where it started.
    private mutating func parseKey(closingAllowed: Bool) throws(JSONParseError) -> (String, Int) {
        let expected = closingAllowed ? "a string key or '}'" : "a string key"
        guard offset < bytes.count else { throw failure(.unexpectedEndOfInput(expected: expected)) }
        guard bytes[offset] == UInt8(ascii: "\"") else { throw failure(.unexpectedByte(bytes[offset], expected: expected)) }
        let keyOffset = offset
        let key = try parseString()
        skipWhitespace()
        guard offset < bytes.count else { throw failure(.unexpectedEndOfInput(expected: "':'")) }
        guard bytes[offset] == UInt8(ascii: ":") else { throw failure(.unexpectedByte(bytes[offset], expected: "':'")) }
        offset += 1
        skipWhitespace()
        return (key, keyOffset)
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let expected = "'\(literal)'"
        let text = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in text {
            guard offset < bytes.count else { throw failure(.unexpectedEndOfInput(expected: expected)) }
            guard bytes[offset] == byte else { throw failure(.unexpectedByte(bytes[offset], expected: expected)) }
            offset += 1
        }
    }

    // MARK: - Numbers

    private func isDigit(at position: Int) -> Bool {
        position < bytes.count && bytes[position] &- UInt8(ascii: "0") < 10
    }

    private mutating func skipDigits() {
        while isDigit(at: offset) { offset += 1 }
    }

    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = offset
        let isNegative = bytes[offset] == UInt8(ascii: "-")
        if isNegative { offset += 1 }
        guard isDigit(at: offset) else {
            throw failure(offset < bytes.count
                ? .invalidNumber(detail: "expected a digit after '-'")
                : .unexpectedEndOfInput(expected: "a digit"))
        }
        let digitsStart = offset
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
            guard !isDigit(at: offset) else { throw failure(.leadingZero) }
        } else {
            skipDigits()
        }
        let digitsEnd = offset
        var isInteger = true
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard isDigit(at: offset) else { throw failure(.invalidNumber(detail: "expected a digit after '.'")) }
            skipDigits()
            isInteger = false
        }
        if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
                offset += 1
            }
            guard isDigit(at: offset) else { throw failure(.invalidNumber(detail: "expected a digit in the exponent")) }
            skipDigits()
            isInteger = false
        }
        if isInteger, let integer = integerValue(digits: digitsStart..<digitsEnd, isNegative: isNegative) {
            return .integer(integer)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        // The grammar was checked above; Double's parser rounds correctly and yields ±infinity
        // on overflow, which is kept as is.
        guard let double = Double(text) else {
            throw JSONParseError(offset: start, reason: .invalidNumber(detail: "not representable"))
        }
        return .double(double)
    }

    /// The integer spelled by `digits`, or `nil` when it does not fit `Int64`.
    private func integerValue(digits: Range<Int>, isNegative: Bool) -> Int64? {
        guard digits.count <= 19 else { return nil }
        var magnitude: UInt64 = 0
        for position in digits {
            magnitude = magnitude &* 10 &+ UInt64(bytes[position] &- UInt8(ascii: "0"))
        }
        // 19 digits cannot overflow UInt64, so only the Int64 range needs checking.
        if isNegative {
            if magnitude == UInt64(Int64.max) + 1 { return .min }
            return magnitude <= UInt64(Int64.max) ? -Int64(magnitude) : nil
        }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    // MARK: - Strings

    /// Reads a string starting at its opening quote and leaves `offset` after the closing one.
    private mutating func parseString() throws(JSONParseError) -> String {
        offset += 1
        let start = offset
        var runStart = offset
        var hasEscapes = false
        while true {
            guard offset < bytes.count else { throw failure(.unexpectedEndOfInput(expected: "'\"' to close the string")) }
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") {
                if !hasEscapes {
                    scratch.removeAll(keepingCapacity: true)
                    hasEscapes = true
                }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<offset]))
                let scalar = try parseEscape()
                Self.appendUTF8(scalar, to: &scratch)
                runStart = offset
            } else if byte < 0x20 {
                throw failure(.controlCharacterInString(byte))
            } else if byte < 0x80 {
                offset += 1
            } else {
                try skipMultibyteScalar()
            }
        }
        let string: String
        if hasEscapes {
            scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<offset]))
            string = String(decoding: scratch, as: UTF8.self)
        } else {
            string = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
        }
        offset += 1
        return string
    }

    /// Validates one well-formed multi-byte UTF-8 sequence (Unicode Table 3-7) and skips it.
    private mutating func skipMultibyteScalar() throws(JSONParseError) {
        let lead = bytes[offset]
        let length: Int
        let second: ClosedRange<UInt8>
        switch lead {
        case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        default: throw failure(.invalidUTF8)
        }
        guard offset + length <= bytes.count, second.contains(bytes[offset + 1]) else {
            throw failure(.invalidUTF8)
        }
        for position in offset + 2 ..< offset + length where bytes[position] & 0xC0 != 0x80 {
            throw failure(.invalidUTF8)
        }
        offset += length
    }

    /// Reads an escape starting at its backslash; returns the scalar it stands for.
    private mutating func parseEscape() throws(JSONParseError) -> UInt32 {
        let escapeOffset = offset
        offset += 1
        guard offset < bytes.count else { throw failure(.unexpectedEndOfInput(expected: "an escape sequence")) }
        let letter = bytes[offset]
        offset += 1
        switch letter {
        case UInt8(ascii: "\""): return 0x22
        case UInt8(ascii: "\\"): return 0x5C
        case UInt8(ascii: "/"): return 0x2F
        case UInt8(ascii: "b"): return 0x08
        case UInt8(ascii: "f"): return 0x0C
        case UInt8(ascii: "n"): return 0x0A
        case UInt8(ascii: "r"): return 0x0D
        case UInt8(ascii: "t"): return 0x09
        case UInt8(ascii: "u"): break
        default: throw JSONParseError(offset: escapeOffset, reason: .invalidEscape)
        }
        let unit = try parseHexQuad(escapeOffset: escapeOffset)
        switch unit {
        case 0xD800...0xDBFF:
            // A high surrogate must be followed immediately by an escaped low surrogate.
            guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u") else {
                throw JSONParseError(offset: escapeOffset, reason: .loneSurrogate(unit))
            }
            let lowOffset = offset
            offset += 2
            let low = try parseHexQuad(escapeOffset: lowOffset)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw JSONParseError(offset: escapeOffset, reason: .loneSurrogate(unit))
            }
            return 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        case 0xDC00...0xDFFF:
            throw JSONParseError(offset: escapeOffset, reason: .loneSurrogate(unit))
        default:
            return UInt32(unit)
        }
    }

    private mutating func parseHexQuad(escapeOffset: Int) throws(JSONParseError) -> UInt16 {
        guard offset + 4 <= bytes.count else { throw JSONParseError(offset: escapeOffset, reason: .invalidEscape) }
        var unit: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONParseError(offset: escapeOffset, reason: .invalidEscape)
            }
            unit = unit << 4 | UInt16(digit)
            offset += 1
        }
        return unit
    }

    private static func appendUTF8(_ scalar: UInt32, to buffer: inout [UInt8]) {
        switch scalar {
        case ..<0x80:
            buffer.append(UInt8(scalar))
        case ..<0x800:
            buffer.append(UInt8(0xC0 | scalar >> 6))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        case ..<0x10000:
            buffer.append(UInt8(0xE0 | scalar >> 12))
            buffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        default:
            buffer.append(UInt8(0xF0 | scalar >> 18))
            buffer.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            buffer.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            buffer.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
