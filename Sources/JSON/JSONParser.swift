/// A strict RFC 8259 parser over a contiguous byte buffer.
///
/// Nesting is handled with an explicit stack, never recursion, so hostile depth produces
/// ``JSONParseError/Reason/nestingTooDeep(limit:)`` rather than a stack overflow. ASCII runs in
/// strings become a `String` in one step; only strings with escapes go through a scratch buffer.
struct JSONParser: ~Copyable {
    let bytes: UnsafeBufferPointer<UInt8>
    let limits: JSONLimits
    var offset = 0
    var scratch: [UInt8] = []

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

    func failure(_ reason: JSONParseError.Reason) -> JSONParseError {
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
}
