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
        // Refuse oversized input before copying anything.
        guard bytes.count <= limits.maxBytes else {
            throw JSONParseError(offset: 0, reason: .inputTooLarge(byteCount: bytes.count, limit: limits.maxBytes))
        }
        let result: Result<JSONValue, JSONParseError>? = bytes.withContiguousStorageIfAvailable { buffer in
            parseResult(buffer, limits: limits)
        }
        if let result { return try result.get() }
        return try Array(bytes).withUnsafeBufferPointer { buffer in
            parseResult(buffer, limits: limits)
        }.get()
    }

    /// Parses the UTF-8 encoding of `text`; see `parse(_:limits:)`.
    public static func parse(_ text: String, limits: JSONLimits = .default) throws(JSONParseError) -> JSONValue {
        var text = text
        text.makeContiguousUTF8()
        return try parse(text.utf8, limits: limits)
    }

    private static func parseResult(
        _ buffer: UnsafeBufferPointer<UInt8>,
        limits: JSONLimits
    ) -> Result<JSONValue, JSONParseError> {
        var parser = JSONParser(bytes: buffer, limits: limits)
        do throws(JSONParseError) {
            return .success(try parser.parseDocument())
        } catch {
            return .failure(error)
        }
    }
}
