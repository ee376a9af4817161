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
