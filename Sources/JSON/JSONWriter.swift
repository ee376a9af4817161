/// Serializes a ``JSONValue`` into UTF-8 bytes.
///
/// Recursive: values built by the parser are bounded by ``JSONLimits/maxDepth``. A codec that
/// writes a large document piece by piece (the shelf snapshot) appends its punctuation with
/// `append(_:)` and its values with `write(_:indentation:)`, so no tree of the whole is built.
package struct JSONWriter {
    let isPretty: Bool
    let sortsKeys: Bool
    /// The UTF-8 bytes written so far.
    package private(set) var output: [UInt8] = []

    package init(isPretty: Bool, sortsKeys: Bool, capacity: Int = 256) {
        self.isPretty = isPretty
        self.sortsKeys = sortsKeys
        output.reserveCapacity(capacity)
    }

    /// Writes `value` (and, when pretty, its members `indentation` levels deep).
    package mutating func write(_ value: JSONValue, indentation: Int = 0) {
        switch value {
        case .null:
            appendLiteral("null")
        case .bool(let bool):
            appendLiteral(bool ? "true" : "false")
        case .integer(let integer):
            writeInteger(integer)
        case .double(let double):
            writeDouble(double)
        case .string(let string):
            writeString(string)
        case .array(let elements):
            guard !elements.isEmpty else { return append("[]") }
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                newline(indentation + 1)
                write(element, indentation: indentation + 1)
            }
            newline(indentation)
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            guard !object.isEmpty else { return append("{}") }
            output.append(UInt8(ascii: "{"))
            if sortsKeys {
                let members = object.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
                for (position, member) in members.enumerated() { writeMember(member, at: position, indentation: indentation) }
            } else {
                for (position, member) in object.enumerated() { writeMember(member, at: position, indentation: indentation) }
            }
            newline(indentation)
            output.append(UInt8(ascii: "}"))
        }
    }

    private mutating func writeMember(_ member: JSONObject.Member, at position: Int, indentation: Int) {
        if position > 0 { output.append(UInt8(ascii: ",")) }
        newline(indentation + 1)
        writeString(member.key)
        output.append(UInt8(ascii: ":"))
        if isPretty { output.append(UInt8(ascii: " ")) }
        write(member.value, indentation: indentation + 1)
    }

    /// Appends `text` as it is: punctuation between pieces written with `write(_:indentation:)`.
    package mutating func append(_ text: String) {
        // Copied from the string's contiguous bytes: appending its `utf8` view went byte by byte.
        var text = text
        text.withUTF8 { output.append(contentsOf: $0) }
    }

    private mutating func appendLiteral(_ text: StaticString) {
        output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Writes `integer`'s decimal digits straight into the output, with no string between.
    private mutating func writeInteger(_ integer: Int64) {
        if integer < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = integer.magnitude
        // At most 20 digits, written from the last one into a small buffer.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            output.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    private mutating func newline(_ indentation: Int) {
        guard isPretty else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indentation * 2))
    }

    private mutating func writeDouble(_ double: Double) {
        guard double.isFinite else { return append("null") }
        let text = double.description
        append(text)
        // Swift's description already includes "." or "e" for finite doubles; keep the
        // guarantee explicit so a double never reads back as an integer.
        if !text.utf8.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") }) {
            append(".0")
        }
    }

    /// Writes `string` quoted, copying each run of bytes that need no escape in one step.
    private mutating func writeString(_ string: String) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { bytes in
            var runStart = 0
            for (position, byte) in bytes.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position]))
                writeEscape(byte)
                runStart = position + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
        output.append(UInt8(ascii: "\""))
    }

    private mutating func writeEscape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""): append("\\\"")
        case UInt8(ascii: "\\"): append("\\\\")
        case 0x0A: append("\\n")
        case 0x0D: append("\\r")
        case 0x09: append("\\t")
        case 0x08: append("\\b")
        case 0x0C: append("\\f")
        case ..<0x20:
            append("\\u00")
            output.append(Self.hexDigit(byte >> 4))
            output.append(Self.hexDigit(byte & 0x0F))
        default:
            output.append(byte)
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
