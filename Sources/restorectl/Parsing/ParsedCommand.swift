/// The options and flags given to one runnable command, with typed accessors.
///
/// The parser has already checked names, repeats and required options; accessors turn the
/// raw strings into values and report malformed ones as ``UsageError``s that name the option:
///
/// ```swift
/// let database = try command.requiredString("db")
/// let target = try command.int("to")        // nil when --to was not given
/// let wantsJSON = command.flag("json")
/// ```
///
/// Asking for an option the command's spec does not declare is a programming error and
/// trips an assertion in debug builds.
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

    /// The value of option `name`, or `nil` when it was not given. For a repeatable option,
    /// the last value; use ``strings(_:)`` for all of them.
    func string(_ name: String) -> String? {
        checkDeclared(name, takesValue: true)
        return values[name]?.last
    }

    /// The value of option `name`, throwing `missingRequiredOption` when it was not given.
    func requiredString(_ name: String) throws(UsageError) -> String {
        guard let value = string(name) else {
            throw UsageError(command: commandName, kind: .missingRequiredOption("--\(name)"))
        }
        return value
    }

    /// Every value given for option `name`, in order; empty when it was not given.
    func strings(_ name: String) -> [String] {
        checkDeclared(name, takesValue: true)
        return values[name] ?? []
    }

    /// The value of option `name` as a decimal integer, or `nil` when it was not given.
    ///
    /// Accepts an optional sign and ASCII digits only; anything else, or a number that does
    /// not fit in `Int`, throws a usage error naming the option.
    func int(_ name: String) throws(UsageError) -> Int? {
        guard let text = string(name) else { return nil }
        if let number = Int(text, radix: 10) { return number }
        let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
        let isDecimal = !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
        throw UsageError(
            command: commandName,
            kind: isDecimal
                ? .integerOutOfRange(option: "--\(name)", value: text)
                : .invalidInteger(option: "--\(name)", value: text)
        )
    }

    /// Whether flag `name` was given.
    func flag(_ name: String) -> Bool {
        checkDeclared(name, takesValue: false)
        return flags.contains(name)
    }

    /// Catches typos in option names at the call site during development.
    private func checkDeclared(_ name: String, takesValue: Bool) {
        assert(
            spec.option(named: name)?.takesValue == takesValue,
            "\(commandName) declares no \(takesValue ? "value option" : "flag") --\(name)"
        )
    }
}
