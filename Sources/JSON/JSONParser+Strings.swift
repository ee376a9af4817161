/// Strings: strict UTF-8 validation, escapes and surrogate pairs.
extension JSONParser {
    /// Reads a string starting at its opening quote and leaves `offset` after the closing one.
    mutating func parseString() throws(JSONParseError) -> String {
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
        guard let length = Self.multibyteScalarLength(in: bytes, at: offset) else { throw failure(.invalidUTF8) }
        offset += length
    }

    /// The length of the well-formed multi-byte UTF-8 sequence (Unicode Table 3-7) that starts
    /// at `offset`, or nil when the bytes there are not one.
    static func multibyteScalarLength(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Int? {
        let length: Int
        let second: ClosedRange<UInt8>
        switch bytes[offset] {
        case 0xC2...0xDF: (length, second) = (2, 0x80...0xBF)
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, second) = (3, 0x80...0xBF)
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, second) = (4, 0x80...0xBF)
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        default: return nil
        }
        guard offset + length <= bytes.count, second.contains(bytes[offset + 1]) else { return nil }
        for position in offset + 2..<offset + length where bytes[position] & 0xC0 != 0x80 {
            return nil
        }
        return length
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
