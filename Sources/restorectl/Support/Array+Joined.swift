extension [String] {
    /// The strings with `separator` between them, as `joined(separator:)`, built by hand: the
    /// generic `joined(separator:)`'s first call in a process costs 0.26 M instructions (the
    /// runtime's lookups for its associated types), which every cold run of a command paid.
    func joined(by separator: String) -> String {
        guard var text = first else { return "" }
        for string in dropFirst() {
            text += separator
            text += string
        }
        return text
    }
}
