extension JSONValue {
    /// The JSON text of this value.
    ///
    /// - Compact by default; `pretty` indents by two spaces and writes `"key": value`.
    /// - Object members keep their order unless `sortedKeys`, which orders keys by their UTF-8
    ///   bytes so the output is deterministic across platforms.
    /// - Strings escape `"`, `\` and U+0000–U+001F (`\n`, `\t`, … or `\u00XX`); everything else,
    ///   including U+2028/U+2029, is written as UTF-8.
    /// - Integers are written as plain digits. Doubles use Swift's shortest round-trip spelling and
    ///   always contain `.` or an exponent (`1.0`, `0.5`, `1e+16`), so parsing the output gives back
    ///   a `.double`, never an `.integer`.
    /// - Non-finite doubles, which JSON cannot express, are written as `null` (as JavaScript's
    ///   `JSON.stringify` does), so the output is always valid JSON. Codecs that must not lose
    ///   such a value check for it before encoding.
    public func encoded(pretty: Bool = false, sortedKeys: Bool = false) -> String {
        var writer = JSONWriter(isPretty: pretty, sortsKeys: sortedKeys)
        writer.write(self, indentation: 0)
        return String(decoding: writer.output, as: UTF8.self)
    }
}

/// Serializes a ``JSONValue`` into UTF-8 bytes.
///
/// Recursive: values built by the parser are bounded by ``JSONLimits/maxDepth``.
private struct JSONWriter {
    let isPretty: Bool
    let sortsKeys: Bool
    var output: [UInt8] = []

    init(isPretty: Bool, sortsKeys: Bool) {
        self.isPretty = isPretty
        self.sortsKeys = sortsKeys
        output.reserveCapacity(256)
    }

    mutating func write(_ value: JSONValue, indentation: Int) {
        switch value {
        case .null:
            append("null")
        case .bool(let bool):
            append(bool ? "true" : "false")
        case .integer(let integer):
            append(String(integer))
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
            let members: [JSONObject.Element] = sortsKeys
                ? object.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
                : Array(object)
            output.append(UInt8(ascii: "{"))
            for (position, member) in members.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                newline(indentation + 1)
                writeString(member.key)
                output.append(UInt8(ascii: ":"))
                if isPretty { output.append(UInt8(ascii: " ")) }
                write(member.value, indentation: indentation + 1)
            }
            newline(indentation)
            output.append(UInt8(ascii: "}"))
        }
    }

    private mutating func append(_ text: String) {
        output.append(contentsOf: text.utf8)
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

    private mutating func writeString(_ string: String) {
        output.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
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
        output.append(UInt8(ascii: "\""))
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
