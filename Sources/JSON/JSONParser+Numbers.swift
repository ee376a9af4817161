/// Numbers: RFC 8259 grammar, `Int64` fast path, correctly rounded doubles otherwise.
extension JSONParser {
    private func isDigit(at position: Int) -> Bool {
        position < bytes.count && bytes[position] &- UInt8(ascii: "0") < 10
    }

    private mutating func skipDigits() {
        while isDigit(at: offset) { offset += 1 }
    }

    mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = offset
        let isNegative = bytes[offset] == UInt8(ascii: "-")
        if isNegative { offset += 1 }
        guard isDigit(at: offset) else {
            throw failure(
                offset < bytes.count
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
        if isInteger, let integer = Self.integerValue(in: bytes, digits: digitsStart..<digitsEnd, isNegative: isNegative) {
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

    /// The integer spelled by the decimal digits at `digits` of `bytes` (negated when
    /// `isNegative`), or `nil` when it does not fit `Int64`.
    static func integerValue(in bytes: UnsafeBufferPointer<UInt8>, digits: Range<Int>, isNegative: Bool) -> Int64? {
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
}
