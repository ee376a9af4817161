import StateStore

extension String {
    /// This text with every control character (line breaks, tabs, terminal escapes, U+007F and
    /// the C1 controls) and every scalar in `alsoEscaping` written as a Swift escape (`\n`,
    /// `\u{1B}`), so user text inside a message cannot break it across lines or drive the
    /// terminal.
    func escapingControlCharacters(alsoEscaping extra: Set<Unicode.Scalar> = []) -> String {
        StoreNames.escapingControlCharacters(in: self, alsoEscaping: extra)
    }
}
