/// What a shell offers when completing an option's value, as declared in its ``OptionSpec``.
enum ValueCompletion: Sendable, Equatable {
    /// Nothing: the value is free text, such as a scene name.
    case none
    /// File and directory names, for `FILE` and `PATH` values.
    case files
    /// One of a fixed list of words, such as the record kinds for `--kind`.
    case words([String])

    /// The default for a value named `valueName` in help: files for `FILE`, `FILE|-` and
    /// `PATH`, otherwise nothing.
    static func inferred(fromValueName valueName: String) -> ValueCompletion {
        let parts = valueName.split(separator: "|")
        return parts.contains("FILE") || parts.contains("PATH") ? .files : .none
    }
}
