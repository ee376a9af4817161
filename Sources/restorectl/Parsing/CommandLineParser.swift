/// Parses a command line against a tree of ``CommandSpec``s.
///
/// The rules, in the order a user meets them:
/// - Words select subcommands while the current command is a group (`shelf save`).
/// - Options are `--name value` or `--name=value`; flags are `--name` and reject `=value`.
///   Options belong to the command selected so far; parents' options are not inherited.
/// - An argument starting with `-` is an option, except `-` alone (standard input, as in
///   `--state -`) and a negative number such as `-1` or `-5d`. So after an option that expects a value,
///   `--scene --json` is a missing value for `--scene`, not the scene `--json`; a value that
///   starts with `-` is written `--scene=--json`. Empty values (`--scene ""`) are values.
/// - `--` ends options: everything after it is positional, and no runnable command takes
///   positional arguments.
/// - `--help` or `-h` anywhere before `--` asks for help on the command selected by the whole
///   line and wins over every other problem except an unknown command (there is no help to
///   show for it). `--version` before any command asks for the version.
/// - Otherwise the first problem is thrown; after the whole line is read, a group without its
///   subcommand or a missing required option is a problem too.
enum CommandLineParser {
    /// Parses `arguments` (without the program name) against the tool described by `root`.
    static func parse(_ arguments: [String], root: CommandSpec) throws(UsageError) -> ParsedInvocation {
        var state = State(root: root)
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            try state.read(argument, remaining: &remaining)
        }
        return try state.finish()
    }

    /// What the parser has read so far, and the step for each kind of argument.
    private struct State {
        let root: CommandSpec
        /// The command selected so far.
        var command: CommandSpec
        /// Subcommand names below the root selected so far.
        var path: [String] = []
        /// The values given for each value option, by name.
        var values: [String: [String]] = [:]
        var flags: Set<String> = []
        var isHelpRequested = false
        var isVersionRequested = false
        /// Whether `--` has been read.
        var areOptionsEnded = false
        /// The first problem met; thrown at the end unless help or the version was asked for.
        var firstProblem: UsageError?

        init(root: CommandSpec) {
            self.root = root
            self.command = root
        }

        /// The tool's name followed by the command path, as error messages name the command.
        var commandName: String {
            ([root.name] + path).joined(by: " ")
        }

        /// Keeps the first problem; later ones are not reported.
        mutating func record(_ kind: UsageError.Kind) {
            if firstProblem == nil {
                firstProblem = UsageError(command: commandName, kind: kind)
            }
        }

        /// Reads one argument; an option that takes a separate value takes it from `remaining`.
        mutating func read(_ argument: String, remaining: inout ArraySlice<String>) throws(UsageError) {
            if areOptionsEnded || !CommandLineParser.isOptionLike(argument) {
                try readWord(argument)
            } else if argument == "--" {
                areOptionsEnded = true
            } else if argument == "-h" {
                isHelpRequested = true
            } else if argument.hasPrefix("--") {
                readOption(argument, remaining: &remaining)
            } else {
                record(.unknownOption(argument))
            }
        }

        /// A word selects a subcommand of a group; a runnable command takes no positional arguments.
        mutating func readWord(_ word: String) throws(UsageError) {
            guard command.isGroup else {
                record(.unexpectedArgument(word))
                return
            }
            guard let subcommand = command.subcommand(named: word) else {
                throw firstProblem
                    ?? UsageError(
                        command: commandName,
                        kind: .unknownCommand(word),
                        availableCommands: command.subcommands.map(\.name)
                    )
            }
            command = subcommand
            path.append(word)
        }

        /// Reads `--name` or `--name=value`: the built-in `--help` and `--version`, or one of
        /// the selected command's options.
        mutating func readOption(_ argument: String, remaining: inout ArraySlice<String>) {
            let (name, inlineValue) = CommandLineParser.splitOption(argument)
            if name == "help" || (name == "version" && path.isEmpty) {
                readBuiltIn(name, inlineValue: inlineValue)
                return
            }
            guard let option = command.option(named: name) else {
                record(.unknownOption(inlineValue == nil ? argument : "--\(name)"))
                return
            }
            if option.takesValue {
                readValue(of: option, inlineValue: inlineValue, remaining: &remaining)
            } else {
                readFlag(option, inlineValue: inlineValue)
            }
        }

        /// `--help` anywhere, or `--version` before any command; neither takes a value.
        mutating func readBuiltIn(_ name: String, inlineValue: String?) {
            if inlineValue != nil {
                record(.unexpectedValue(option: "--\(name)"))
            } else if name == "help" {
                isHelpRequested = true
            } else {
                isVersionRequested = true
            }
        }

        /// A flag: no value, and at most once unless repeatable.
        mutating func readFlag(_ option: OptionSpec, inlineValue: String?) {
            if inlineValue != nil {
                record(.unexpectedValue(option: option.spelling))
            } else if flags.contains(option.name) && !option.isRepeatable {
                record(.duplicateOption(option.spelling))
            } else {
                flags.insert(option.name)
            }
        }

        /// An option's value: after `=`, else the next argument unless that one is option-like.
        mutating func readValue(of option: OptionSpec, inlineValue: String?, remaining: inout ArraySlice<String>) {
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if let next = remaining.first, !CommandLineParser.isOptionLike(next) {
                value = next
                remaining.removeFirst()
            } else {
                record(.missingValue(option: option.spelling))
                return
            }
            if values[option.name] != nil && !option.isRepeatable {
                record(.duplicateOption(option.spelling))
            } else {
                values[option.name, default: []].append(value)
            }
        }

        /// The outcome once every argument is read: help, the version, the first problem, a
        /// group without its subcommand, a missing required option, or the command to run.
        func finish() throws(UsageError) -> ParsedInvocation {
            if isHelpRequested { return .help(path: path) }
            if isVersionRequested { return .version }
            if let firstProblem { throw firstProblem }
            if command.isGroup {
                throw UsageError(
                    command: commandName,
                    kind: .missingCommand,
                    availableCommands: command.subcommands.map(\.name)
                )
            }
            if let missing = command.options.first(where: { $0.isRequired && values[$0.name] == nil }) {
                throw UsageError(command: commandName, kind: .missingRequiredOption(missing.spelling))
            }
            return .run(ParsedCommand(path: path, spec: command, commandName: commandName, values: values, flags: flags))
        }
    }

    /// Whether `argument` is read as an option rather than a word or a value:
    /// it starts with `-`, but is neither `-` alone nor a negative number (`-1`, and `-5d`,
    /// which the option's own check refuses in its words: no option starts with a digit).
    static func isOptionLike(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), argument != "-" else { return false }
        let isNegativeNumber = argument.dropFirst().first.map { $0.isASCII && $0.isNumber } ?? false
        return !isNegativeNumber
    }

    /// Splits `--name=value` into the name and the value; `--name` has no value.
    private static func splitOption(_ argument: String) -> (name: String, value: String?) {
        let body = argument.dropFirst(2)
        guard let equals = body.firstIndex(of: "=") else { return (String(body), nil) }
        return (String(body[..<equals]), String(body[body.index(after: equals)...]))
    }
}
