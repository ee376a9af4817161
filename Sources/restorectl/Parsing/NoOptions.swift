/// The options of a command that takes none but `--help`.
struct NoOptions: ParsableOptions {
    /// No options.
    enum Option: DeclaredOption {
        /// Never called: there are no cases.
        var spec: OptionSpec {
            switch self {}
        }
    }

    /// Reads nothing.
    init(parsing command: OptionReader<Self>) {}
}
