/// The options and flags given to one runnable command, with typed accessors.
///
/// The parser has already checked names, repeats and required options; accessors turn the
/// raw strings into values and report malformed ones as ``UsageError``s that name the option.
/// Commands do not call them directly: each ``Option`` and ``Flag`` property of a command's
/// ``ParsableOptions`` reads its own spec, so what a command reads is what its spec declares:
///
/// ```swift
/// try command.string(spec)   // nil when the option was not given
/// try command.int(spec)
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
    /// The names of the flags that were given.
    let flags: Set<String>

    /// Creates a parsed command; the parser is the usual source of these.
    init(path: [String], spec: CommandSpec, commandName: String, values: [String: [String]], flags: Set<String>) {
        self.path = path
        self.spec = spec
        self.commandName = commandName
        self.values = values
        self.flags = flags
    }

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

    /// The value of `option` as a decimal integer, or `nil` when it was not given.
    ///
    /// Accepts an optional sign and ASCII digits only; anything else, or a number that does
    /// not fit in `Int`, throws a usage error naming the option.
    func int(_ option: OptionSpec) throws -> Int? {
        try string(option).map { try Int(argument: $0, for: option, in: commandName) }
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
