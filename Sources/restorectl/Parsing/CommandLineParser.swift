/// Parses a command line against a tree of ``CommandSpec``s.
///
/// The rules, in the order a user meets them:
/// - Words select subcommands while the current command is a group (`shelf save`).
/// - Options are `--name value` or `--name=value`; flags are `--name` and reject `=value`.
///   Options belong to the command selected so far; parents' options are not inherited.
/// - An argument starting with `-` is an option, except `-` alone (standard input, as in
///   `--state -`) and a negative integer such as `-1`. So after an option that expects a value,
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
        var command = root
        var path: [String] = []
        var values: [String: [String]] = [:]
        var flags: Set<String> = []
        var isHelpRequested = false
        var isVersionRequested = false
        var areOptionsEnded = false
        var firstProblem: UsageError?

        func commandName() -> String {
            ([root.name] + path).joined(separator: " ")
        }
        func record(_ kind: UsageError.Kind) {
            if firstProblem == nil {
                firstProblem = UsageError(command: commandName(), kind: kind)
            }
        }

        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1

            if areOptionsEnded || !isOptionLike(argument) {
                guard command.isGroup else {
                    record(.unexpectedArgument(argument))
                    continue
                }
                guard let subcommand = command.subcommand(named: argument) else {
                    throw firstProblem ?? UsageError(
                        command: commandName(),
                        kind: .unknownCommand(argument),
                        availableCommands: command.subcommands.map(\.name)
                    )
                }
                command = subcommand
                path.append(argument)
                continue
            }
            if argument == "--" {
                areOptionsEnded = true
                continue
            }
            if argument == "-h" {
                isHelpRequested = true
                continue
            }
            guard argument.hasPrefix("--") else {
                record(.unknownOption(argument))
                continue
            }

            let (name, inlineValue) = splitOption(argument)
            if name == "help" || (name == "version" && path.isEmpty) {
                if inlineValue != nil {
                    record(.unexpectedValue(option: "--\(name)"))
                } else if name == "help" {
                    isHelpRequested = true
                } else {
                    isVersionRequested = true
                }
                continue
            }
            guard let option = command.option(named: name) else {
                record(.unknownOption(inlineValue == nil ? argument : "--\(name)"))
                continue
            }

            guard option.takesValue else {
                if inlineValue != nil {
                    record(.unexpectedValue(option: option.spelling))
                } else if flags.contains(name) && !option.isRepeatable {
                    record(.duplicateOption(option.spelling))
                } else {
                    flags.insert(name)
                }
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.endIndex, !isOptionLike(arguments[index]) {
                value = arguments[index]
                index += 1
            } else {
                record(.missingValue(option: option.spelling))
                continue
            }
            if values[name] != nil && !option.isRepeatable {
                record(.duplicateOption(option.spelling))
            } else {
                values[name, default: []].append(value)
            }
        }

        if isHelpRequested { return .help(path: path) }
        if isVersionRequested { return .version }
        if let firstProblem { throw firstProblem }
        if command.isGroup {
            throw UsageError(
                command: commandName(),
                kind: .missingCommand,
                availableCommands: command.subcommands.map(\.name)
            )
        }
        if let missing = command.options.first(where: { $0.isRequired && values[$0.name] == nil }) {
            throw UsageError(command: commandName(), kind: .missingRequiredOption(missing.spelling))
        }
        return .run(ParsedCommand(path: path, spec: command, commandName: commandName(), values: values, flags: flags))
    }

    /// Whether `argument` is read as an option rather than a word or a value:
    /// it starts with `-`, but is neither `-` alone nor a negative integer.
    static func isOptionLike(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), argument != "-" else { return false }
        let rest = argument.dropFirst()
        let isNegativeInteger = rest.allSatisfy { $0.isASCII && $0.isNumber }
        return !isNegativeInteger
    }

    /// Splits `--name=value` into the name and the value; `--name` has no value.
    private static func splitOption(_ argument: String) -> (name: String, value: String?) {
        let body = argument.dropFirst(2)
        guard let equals = body.firstIndex(of: "=") else { return (String(body), nil) }
        return (String(body[..<equals]), String(body[body.index(after: equals)...]))
    }
}
