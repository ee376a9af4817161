extension String {
    /// This text with every control character (line breaks, tabs, terminal escapes, C1
    /// controls) and every scalar in `alsoEscaping` written as a Swift escape (`\n`, `\u{1B}`),
    /// so user text inside a message cannot break it across lines or drive the terminal.
    func escapingControlCharacters(alsoEscaping extra: Set<Unicode.Scalar> = []) -> String {
        var escaped = ""
        for scalar in unicodeScalars {
            if scalar.properties.generalCategory == .control || extra.contains(scalar) {
                escaped += scalar.escaped(asASCII: false)
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
