/// The options and flags given to one runnable command, with accessors by spec.
///
/// The parser has already checked names, repeats and required options. Commands do not call
/// the accessors directly: each ``Option`` and ``Flag`` property of a command's
/// ``ParsableOptions`` reads its own spec, and an ``OptionValue`` turns the text into a value
/// or an error that names the option, so what a command reads is what its spec declares:
///
/// ```swift
/// try command.string(spec)    // nil when the option was not given
/// try command.strings(spec)   // every value of a repeatable option
/// try command.flag(spec)
/// ```
///
/// Asking this type for an option the command's spec does not declare throws an internal
/// error (exit 70); through a command's options type that cannot happen.
struct ParsedCommand: Sendable, Equatable {
    /// Subcommand names below the root, for example `["shelf", "save"]`.
    let path: [String]
    /// The spec of the command at ``path``.
    let spec: CommandSpec
    /// The tool's name followed by ``path``, as used in error messages: `restorectl shelf save`.
    let commandName: String
    /// Every value given for each value option, by option name, in command-line order.
    let values: [String: [String]]
    let flags: Set<String>

    /// The value of `option`, or `nil` when it was not given. For a repeatable option, the
    /// last value; use ``strings(_:)`` for all of them.
    func string(_ option: OptionSpec) throws -> String? {
        try checkDeclared(option, takesValue: true)
        return values[option.name]?.last
    }

    /// Every value given for `option`, in order; empty when it was not given.
    func strings(_ option: OptionSpec) throws -> [String] {
        try checkDeclared(option, takesValue: true)
        return values[option.name] ?? []
    }

    /// Whether `flag` was given.
    func flag(_ flag: OptionSpec) throws -> Bool {
        try checkDeclared(flag, takesValue: false)
        return flags.contains(flag.name)
    }

    /// Refuses, in every build, to read an option this command's spec does not declare (one
    /// that belongs to another command): the command would silently see it as absent.
    private func checkDeclared(_ option: OptionSpec, takesValue: Bool) throws {
        guard spec.options.contains(option), option.takesValue == takesValue else {
            throw CommandFailure(
                .software,
                "internal error: \(commandName) declares no \(takesValue ? "value option" : "flag") \(option.spelling)"
            )
        }
    }
}
