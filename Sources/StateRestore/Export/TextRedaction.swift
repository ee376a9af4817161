/// Redaction of text that is not JSON: a quarantined payload that does not parse, and the
/// messages that may quote one (a quarantine entry's error). Every run of letters and digits
/// (any byte outside ASCII counts as a letter) is replaced by its placeholder, so no word of
/// the source survives; punctuation, spaces and structure stay. A message keeps the words in
/// `keptWords`: the engine's own vocabulary and the kinds' field names, which say what went
/// wrong without saying anything of the person.
struct TextRedaction {
    /// Words a message keeps as they are.
    let keptWords: Set<String>

    /// `bytes` with every word replaced (except `keptWords` when `keepingWords`).
    func redacted(_ bytes: [UInt8], keepingWords: Bool, placeholders: inout Placeholders) -> [UInt8] {
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
            let word = String(decoding: bytes[start..<index], as: UTF8.self)
            if keepingWords, keptWords.contains(word) {
                output += bytes[start..<index]
            } else {
                output += Array(placeholders.placeholder(for: word).utf8)
            }
        }
        return output
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), 0x80...: true
        default: false
        }
    }

    /// The words of the engine's messages about a record (``RecordError``, JSON parse errors,
    /// shape violations): what a redacted message keeps.
    static let engineVocabulary: Set<String> = [
        "a", "an", "and", "are", "array", "at", "be", "between", "boolean", "build", "byte", "bytes", "character", "column", "decoded",
        "does", "double", "empty", "end", "expected", "failed", "field", "finite", "fit", "format", "from", "got", "IDs", "in", "input",
        "integer", "invalid", "is", "it", "JSON", "key", "larger", "limit", "line", "lists", "minReaderVersion", "missing", "most", "must",
        "newer", "not", "null", "number", "object", "of", "offset", "one", "or", "reads", "record", "recorded", "shape", "string", "than",
        "the", "this", "to", "type", "unexpected", "upgrade", "valid", "value", "version", "was", "with",
    ]
}
