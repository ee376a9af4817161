/// Redaction of text that is not JSON: a quarantined payload that does not parse, and the
/// messages that may quote one (a quarantine entry's error, a shelf snapshot's).
///
/// In a payload every run of letters and digits (any byte outside ASCII counts as a letter) is
/// replaced by its placeholder, so no word of the source survives; punctuation, spaces and
/// structure stay.
///
/// A message is the engine's own sentence quoting what it read (`invalid JSON at byte 12:
/// unexpected 'p'`, `field "title" must be a string, got string "Zoë"`). Outside its quotes it
/// keeps its numbers and the words in `keptWords` (the engine's vocabulary and the kinds' field
/// names), and replaces any other word (an app's own error text, a decoder's); inside `"…"`,
/// `` `…` `` and a quoted character `'x'` it keeps only the kinds' field names and the indexes
/// of a path (`before[1]`), and replaces the rest.
struct TextRedaction {
    /// Words a message keeps outside its quotes.
    let keptWords: Set<String>
    /// Words a message keeps inside its quotes: the kinds' field names.
    let keptQuotedWords: Set<String>

    /// `bytes`, a payload, with every word replaced.
    func redactedPayload(_ bytes: [UInt8], placeholders: inout Placeholders) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            guard Self.isWordByte(bytes[index]) else {
                output.append(bytes[index])
                index += 1
                continue
            }
            let start = index
            while index < bytes.count, Self.isWordByte(bytes[index]) { index += 1 }
            output += Array(placeholders.placeholder(for: String(decoding: bytes[start..<index], as: UTF8.self)).utf8)
        }
        return output
    }

    /// `bytes`, a message, with the words it quotes replaced (field names and indexes kept) and
    /// the words outside its quotes kept when they are numbers or in ``keptWords``.
    func redactedMessage(_ bytes: [UInt8], placeholders: inout Placeholders) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var closingQuote: UInt8?
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if let quote = closingQuote {
                if byte == quote {
                    closingQuote = nil
                } else if byte == UInt8(ascii: "\\"), index + 1 < bytes.count, !Self.isWordByte(bytes[index + 1]) {
                    // An escaped quote or backslash stays inside the quotes.
                    output += bytes[index...(index + 1)]
                    index += 2
                    continue
                }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "`") {
                closingQuote = byte
            } else if byte == UInt8(ascii: "'"), index + 2 < bytes.count, bytes[index + 2] == UInt8(ascii: "'") {
                // A quoted character (`unexpected 'p'`): the character is the payload's.
                output.append(byte)
                let character = [bytes[index + 1]]
                output += Self.isWordByte(character[0]) ? Array(placeholders.placeholder(for: String(decoding: character, as: UTF8.self)).utf8) : character
                output.append(byte)
                index += 3
                continue
            }
            guard Self.isWordByte(byte) else {
                output.append(byte)
                index += 1
                continue
            }
            let start = index
            while index < bytes.count, Self.isWordByte(bytes[index]) { index += 1 }
            let run = bytes[start..<index]
            let word = String(decoding: run, as: UTF8.self)
            let isKept: Bool
            if closingQuote != nil {
                let isIndex = start > 0 && bytes[start - 1] == UInt8(ascii: "[") && index < bytes.count && bytes[index] == UInt8(ascii: "]")
                isKept = keptQuotedWords.contains(word) || (isIndex && Self.isNumber(run))
            } else {
                isKept = keptWords.contains(word) || Self.isNumber(run)
            }
            output += isKept ? Array(run) : Array(placeholders.placeholder(for: word).utf8)
        }
        return output
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), 0x80...: true
        default: false
        }
    }

    /// Digits (`12`), or a byte in hex as the engine writes one (`0x1F`).
    private static func isNumber(_ run: ArraySlice<UInt8>) -> Bool {
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9")
        if run.allSatisfy(digits.contains) { return true }
        guard run.count > 2, run.starts(with: Array("0x".utf8)) else { return false }
        return run.dropFirst(2).allSatisfy { digits.contains($0) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains($0) }
    }

    /// The words of the engine's messages about a record (``RestoreError``, JSON parse errors,
    /// shape violations, a shelf snapshot's errors, the quarantine's own: a crashed restore, an
    /// oversized record): what a redacted message keeps outside its quotes.
    static let engineVocabulary: Set<String> = [
        "a", "after", "allowed", "already", "an", "and", "any", "app", "are", "array", "arrays", "at", "be", "before", "between", "book", "books",
        "boolean", "build", "but", "byte", "bytes", "character", "characters", "claims", "column", "complete", "control", "decoded", "deeper",
        "dictionary", "did", "digit", "does", "double", "duplicate", "earlier", "empty", "end", "escape", "expected", "exponent", "failed", "false",
        "field", "finished", "finite", "fit", "fits", "format", "from", "got", "have", "ID", "IDs", "in", "inf", "input", "Int", "Int64", "integer",
        "invalid", "is", "it", "JSON", "key", "larger", "leading", "levels", "limit", "line", "lists", "lone", "malformed", "minReaderVersion",
        "missing", "most", "must", "nan", "nested", "newer", "no", "not", "null", "number", "numbers", "object", "objects", "of", "offset", "one",
        "or", "over", "reads", "record", "recorded", "repeats", "representable", "required", "restore", "restoring", "sequence", "shape",
        "stopped", "string", "surrogate", "than", "the", "this", "to", "true", "type", "unescaped", "unexpected", "upgrade", "UTF", "valid",
        "value", "version", "was", "with", "zeros", "≥",
    ]
}
