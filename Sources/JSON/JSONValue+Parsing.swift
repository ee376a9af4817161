extension JSONValue {
    /// Parses one JSON text strictly per RFC 8259.
    ///
    /// Rejects invalid UTF-8, trailing garbage, leading zeros, raw control characters and lone
    /// surrogates in strings, duplicate object keys, nesting deeper than `limits.maxDepth` and
    /// input longer than `limits.maxBytes`. A leading byte-order mark is rejected too.
    /// Integers that fit `Int64` become ``JSONValue/integer(_:)``; other numbers become
    /// ``JSONValue/double(_:)``, which is `±infinity` when the literal overflows.
    public static func parse(
        _ bytes: some Collection<UInt8>,
        limits: JSONLimits = .default
    ) throws(JSONParseError) -> JSONValue {
        try parse(bytes, limits: limits) { parser throws(JSONParseError) in try parser.parseDocument() }
    }

    /// Parses like ``parse(_:limits:)``, but hands each element of the top-level arrays named in
    /// `keys` to `element` (with the member's key) as it is read, so a large array is never held
    /// whole; those members are empty arrays in the returned object. A top level that is not
    /// an object is returned as it is, with nothing streamed.
    package static func parse(
        _ bytes: some Collection<UInt8>,
        limits: JSONLimits = .default,
        streamingArraysOf keys: Set<String>,
        element: (String, JSONValue) -> Void
    ) throws(JSONParseError) -> JSONValue {
        try parse(bytes, limits: limits) { parser throws(JSONParseError) in try parser.parseDocument(streamingArraysOf: keys, element: element) }
    }

    /// Parses the UTF-8 encoding of `text`; see `parse(_:limits:)`.
    public static func parse(_ text: String, limits: JSONLimits = .default) throws(JSONParseError) -> JSONValue {
        var text = text
        text.makeContiguousUTF8()
        return try parse(text.utf8, limits: limits)
    }

    /// Runs `document` on a parser of `bytes`, refusing oversized input before copying anything
    /// and copying only bytes not already contiguous.
    private static func parse(
        _ bytes: some Collection<UInt8>,
        limits: JSONLimits,
        _ document: (inout JSONParser) throws(JSONParseError) -> JSONValue
    ) throws(JSONParseError) -> JSONValue {
        guard bytes.count <= limits.maxBytes else {
            throw JSONParseError(offset: 0, reason: .inputTooLarge(byteCount: bytes.count, limit: limits.maxBytes))
        }
        func parse(_ buffer: UnsafeBufferPointer<UInt8>) -> ParseOutcome {
            var parser = JSONParser(bytes: buffer, limits: limits)
            do throws(JSONParseError) {
                return .parsed(try document(&parser))
            } catch {
                return .failed(error)
            }
        }
        if let result = bytes.withContiguousStorageIfAvailable(parse) { return try result.get() }
        return try Array(bytes).withUnsafeBufferPointer(parse).get()
    }

    /// What one parse gave. Not a `Result`: a process's first parse would make its type from
    /// its mangled name, with a runtime lookup of `JSONParseError`'s `Error` conformance.
    private enum ParseOutcome {
        case parsed(JSONValue)
        case failed(JSONParseError)

        func get() throws(JSONParseError) -> JSONValue {
            switch self {
            case .parsed(let value): return value
            case .failed(let error): throw error
            }
        }
    }
}

extension JSONValue: Decodable {
    /// The JSON value itself: a ``JSONValueDecoder`` hands over the subtree as it is (so a
    /// type's `init(from:)` can check a field's shape and name what it found); any other
    /// decoder is asked for each kind of value in turn (object keys then lose their order).
    public init(from decoder: any Decoder) throws {
        // The tree decoder holds the subtree already: hand it over without rebuilding it.
        if let tree = decoder as? TreeDecoder {
            self = tree.value
            return
        }
        if let keyed = try? decoder.container(keyedBy: IndexOrNameKey.self) {
            var object = JSONObject()
            for key in keyed.allKeys { object[key.stringValue] = try keyed.decode(JSONValue.self, forKey: key) }
            self = .object(object)
        } else if var unkeyed = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !unkeyed.isAtEnd { elements.append(try unkeyed.decode(JSONValue.self)) }
            self = .array(elements)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let bool = try? single.decode(Bool.self) {
                self = .bool(bool)
            } else if let integer = try? single.decode(Int64.self) {
                self = .integer(integer)
            } else if let double = try? single.decode(Double.self) {
                self = .double(double)
            } else {
                self = .string(try single.decode(String.self))
            }
        }
    }
}
