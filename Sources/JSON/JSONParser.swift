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

    /// One open array or object.
    private struct Frame {
        var isObject: Bool
        var array: [JSONValue] = []
        var object = JSONObject()
        var pendingKey = ""
        var pendingKeyOffset = 0

        /// Room for a few members from the start: a record's objects and lists are small, and
        /// growing one member at a time would reallocate at the second, third and fifth.
        init(isObject: Bool) {
            self.isObject = isObject
            if isObject { object.reserveCapacity(Self.initialCapacity) } else { array.reserveCapacity(Self.initialCapacity) }
        }

        static let initialCapacity = 4
    }

    /// Parses the whole input as one JSON text.
    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        try checkSize()
        skipWhitespace()
        let value = try parseValue(enclosingContainers: 0)
        try finishDocument()
        return value
    }

    /// Parses one JSON text whose top level may be an object, handing each element of the
    /// top-level arrays named in `streamed` to `element` (with the member's key) as soon as it
    /// is read, instead of keeping it: those members are empty arrays in the result. Accepts and
    /// rejects exactly what ``parseDocument()`` does, with the same errors.
    mutating func parseDocument(
        streamingArraysOf streamed: Set<String>,
        element: (String, JSONValue) -> Void
    ) throws(JSONParseError) -> JSONValue {
        try checkSize()
        skipWhitespace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "{") else {
            let value = try parseValue(enclosingContainers: 0)
            try finishDocument()
            return value
        }
        offset += 1
        skipWhitespace()
        var object = JSONObject()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
        } else {
            var (key, keyOffset) = try parseKey(closingAllowed: true)
            while true {
                let value: JSONValue
                if streamed.contains(key), offset < bytes.count, bytes[offset] == UInt8(ascii: "[") {
                    try checkDepth(1)
                    try streamArray { element(key, $0) }
                    value = .array([])
                } else {
                    value = try parseValue(enclosingContainers: 1)
                }
                guard object.insertIfAbsent(key, value) else {
                    throw JSONParseError(offset: keyOffset, reason: .duplicateKey(key))
                }
                guard try continueContainer(closer: UInt8(ascii: "}"), expected: "',' or '}'") else { break }
                (key, keyOffset) = try parseKey(closingAllowed: false)
            }
        }
        try finishDocument()
        return .object(object)
    }

    /// Reads a top-level member's array from its `[`, one element at a time.
    private mutating func streamArray(_ body: (JSONValue) -> Void) throws(JSONParseError) {
        offset += 1
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            return
        }
        repeat {
            body(try parseValue(enclosingContainers: 2))
        } while try continueContainer(closer: UInt8(ascii: "]"), expected: "',' or ']'")
    }

    /// After a container's member: true past a `,` (and the whitespace after it), false past
    /// the container's `closer`.
    private mutating func continueContainer(closer: UInt8, expected: String) throws(JSONParseError) -> Bool {
        skipWhitespace()
        guard offset < bytes.count else { throw failure(.unexpectedEndOfInput(expected: expected)) }
        let byte = bytes[offset]
        if byte == UInt8(ascii: ",") {
            offset += 1
            skipWhitespace()
            return true
        }
        guard byte == closer else { throw failure(.unexpectedByte(byte, expected: expected)) }
        offset += 1
        return false
    }

    private func checkSize() throws(JSONParseError) {
        guard bytes.count <= limits.maxBytes else {
            throw JSONParseError(offset: 0, reason: .inputTooLarge(byteCount: bytes.count, limit: limits.maxBytes))
        }
    }

    private mutating func finishDocument() throws(JSONParseError) {
        skipWhitespace()
        guard offset == bytes.count else { throw failure(.trailingCharacters) }
    }

    /// Parses one value starting at `offset` (no whitespace before it), inside
    /// `enclosingContainers` already open arrays and objects (for the depth limit).
    private mutating func parseValue(enclosingContainers: Int) throws(JSONParseError) -> JSONValue {
        var stack: [Frame] = []
        var value: JSONValue
        parsing: while true {
            // Read the start of a value.
            guard offset < bytes.count else { throw failure(.unexpectedEndOfInput(expected: "a value")) }
            switch bytes[offset] {
            case UInt8(ascii: "{"):
                try checkDepth(enclosingContainers + stack.count)
                offset += 1
                skipWhitespace()
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
                    offset += 1
                    value = .object(JSONObject())
                } else {
                    var frame = Frame(isObject: true)
                    (frame.pendingKey, frame.pendingKeyOffset) = try parseKey(closingAllowed: true)
                    if stack.isEmpty { stack.reserveCapacity(Frame.initialCapacity) }
                    stack.append(frame)
                    continue parsing
                }
            case UInt8(ascii: "["):
                try checkDepth(enclosingContainers + stack.count)
                offset += 1
                skipWhitespace()
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
                    offset += 1
                    value = .array([])
                } else {
                    if stack.isEmpty { stack.reserveCapacity(Frame.initialCapacity) }
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
                let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if try continueContainer(closer: closer, expected: isObject ? "',' or '}'" : "',' or ']'") {
                    if isObject {
                        (stack[top].pendingKey, stack[top].pendingKeyOffset) = try parseKey(closingAllowed: false)
                    }
                    continue parsing
                }
                let frame = stack.removeLast()
                value = isObject ? .object(frame.object) : .array(frame.array)
            }
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
        offset = Self.endOfWhitespace(in: bytes, from: offset)
    }

    /// Where the run of JSON whitespace (space, line feed, carriage return, tab) that starts at
    /// `offset` ends: `offset` itself when there is none.
    static func endOfWhitespace(in bytes: UnsafeBufferPointer<UInt8>, from offset: Int) -> Int {
        var offset = offset
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return offset
            }
        }
        return offset
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
