import Foundation

/// Why and where parsing JSON failed.
///
/// `offset` is the zero-based byte offset of the offending byte (or of the input's end).
/// `errorDescription` reads as one line: `invalid JSON at byte 12: duplicate key "id"`.
public struct JSONParseError: Error, Equatable, Sendable {
    /// What went wrong.
    public enum Reason: Equatable, Sendable {
        /// The input ended where `expected` was required.
        case unexpectedEndOfInput(expected: String)
        /// A byte appeared where `expected` was required.
        case unexpectedByte(UInt8, expected: String)
        /// A string contains bytes that are not well-formed UTF-8 (overlong, surrogate, truncated…).
        case invalidUTF8
        /// A string contains an unescaped control character (U+0000–U+001F).
        case controlCharacterInString(UInt8)
        /// A backslash escape other than `\" \\ \/ \b \f \n \r \t \uXXXX`.
        case invalidEscape
        /// A `\u` escape names half of a surrogate pair without its other half.
        case loneSurrogate(UInt16)
        /// A number has a leading zero (`01`, `-007`).
        case leadingZero
        /// A number is malformed; `detail` says how.
        case invalidNumber(detail: String)
        /// An object repeats a key.
        case duplicateKey(String)
        /// Arrays and objects nest deeper than `limit`.
        case nestingTooDeep(limit: Int)
        /// The input is larger than `limit` bytes.
        case inputTooLarge(byteCount: Int, limit: Int)
        /// Something other than whitespace follows the top-level value.
        case trailingCharacters
    }

    /// Zero-based byte offset where the problem was found.
    public var offset: Int
    /// What went wrong.
    public var reason: Reason

    /// Creates an error.
    public init(offset: Int, reason: Reason) {
        self.offset = offset
        self.reason = reason
    }

    /// The reason alone, as a readable phrase.
    public var reasonDescription: String {
        switch reason {
        case .unexpectedEndOfInput(let expected):
            "unexpected end of input, expected \(expected)"
        case .unexpectedByte(let byte, let expected):
            "unexpected \(Self.describe(byte)), expected \(expected)"
        case .invalidUTF8:
            "string is not valid UTF-8"
        case .controlCharacterInString(let byte):
            "unescaped control character \(Self.hex(byte)) in string"
        case .invalidEscape:
            "invalid escape sequence in string"
        case .loneSurrogate(let unit):
            "lone surrogate \\u\(String(unit, radix: 16, uppercase: true)) in string"
        case .leadingZero:
            "numbers must not have leading zeros"
        case .invalidNumber(let detail):
            "invalid number: \(detail)"
        case .duplicateKey(let key):
            // Written as JSON writes it, its quotes and backslashes escaped: the key is the
            // document's, and a message quoting it must keep all of it inside the quotes.
            "duplicate key \(JSONValue.string(key).encoded())"
        case .nestingTooDeep(let limit):
            "arrays and objects nested deeper than \(limit) levels"
        case .inputTooLarge(let byteCount, let limit):
            "input is \(byteCount) bytes, larger than the limit of \(limit) bytes"
        case .trailingCharacters:
            "unexpected characters after the JSON value"
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "0x" + (digits.count == 1 ? "0" + digits : digits)
    }

    private static func describe(_ byte: UInt8) -> String {
        if (0x21...0x7E).contains(byte) { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte \(hex(byte))"
    }
}

extension JSONParseError: LocalizedError {
    /// One line: `invalid JSON at byte <offset>: <reason>`.
    public var errorDescription: String? {
        "invalid JSON at byte \(offset): \(reasonDescription)"
    }
}
