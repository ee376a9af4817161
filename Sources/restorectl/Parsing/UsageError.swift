import Foundation

/// A command line that does not match the command's spec: the user typed something wrong.
///
/// The description is one line that names the command and the problem, ready for stderr:
/// `restorectl migrate: missing required option --db`. Every usage error exits with
/// ``exitCode`` (64, `EX_USAGE` from sysexits).
struct UsageError: Error, Sendable, Equatable, LocalizedError, CustomStringConvertible {
    /// What was wrong with the command line.
    enum Kind: Sendable, Equatable {
        /// An option (given with its dashes, as typed) that the command does not declare.
        case unknownOption(String)
        /// A word in command position that names no subcommand.
        case unknownCommand(String)
        /// A command group was given without one of its subcommands.
        case missingCommand
        /// An option that takes a value came last or was followed by another option.
        case missingValue(option: String)
        /// A flag was given a value with `--flag=value`.
        case unexpectedValue(option: String)
        /// A required option was not given.
        case missingRequiredOption(String)
        /// A non-repeatable option was given more than once.
        case duplicateOption(String)
        /// A positional argument; no runnable command takes any.
        case unexpectedArgument(String)
        /// An option's value is not a decimal integer.
        case invalidInteger(option: String, value: String)
        /// An option's value is a decimal integer outside the range of `Int`.
        case integerOutOfRange(option: String, value: String)
        /// The argument at this 1-based position is not valid UTF-8.
        case argumentNotUTF8(position: Int)
        /// An option whose value is a path was given an empty one, which names no file.
        case emptyPath(option: String)
    }

    /// The `EX_USAGE` exit status from sysexits(3), for every usage error.
    static let exitCode: Int32 = 64

    /// The command as typed up to the problem, starting with the tool's name: `restorectl shelf`.
    let command: String
    let kind: Kind
    /// The subcommands the user could have chosen, for `unknownCommand` and `missingCommand`.
    let availableCommands: [String]

    /// Creates a usage error for `command` (the tool's name followed by the command path).
    init(command: String, kind: Kind, availableCommands: [String] = []) {
        self.command = command
        self.kind = kind
        self.availableCommands = availableCommands
    }

    /// The one-line message, without a trailing newline.
    var message: String {
        "\(command): \(problem)"
    }

    /// The problem part of the message, after the command.
    private var problem: String {
        switch kind {
        case .unknownOption(let option):
            "unknown option \(Self.quotedIfNeeded(option))"
        case .unknownCommand(let name):
            "unknown command \(Self.quoted(name))\(commandList)"
        case .missingCommand:
            "missing command\(commandList)"
        case .missingValue(let option):
            "missing value for option \(option)"
        case .unexpectedValue(let option):
            "option \(option) does not take a value"
        case .missingRequiredOption(let option):
            "missing required option \(option)"
        case .duplicateOption(let option):
            "option \(option) given more than once"
        case .unexpectedArgument(let argument):
            "unexpected argument \(Self.quoted(argument))"
        case .invalidInteger(let option, let value):
            "option \(option) expects an integer, got \(Self.quoted(value))"
        case .integerOutOfRange(let option, let value):
            "option \(option) integer \(Self.quoted(value)) is out of range"
        case .argumentNotUTF8(let position):
            "argument \(position) is not valid UTF-8"
        case .emptyPath(let option):
            "option \(option) expects a path, got an empty one"
        }
    }

    /// ` (commands: a, b, c)` when the choices are known, else nothing.
    private var commandList: String {
        availableCommands.isEmpty ? "" : " (commands: \(availableCommands.joined(separator: ", ")))"
    }

    /// The message, so `print(error)` and `"\(error)"` show it as is.
    var description: String { message }

    /// The message, for `localizedDescription`.
    var errorDescription: String? { message }

    /// Wraps user text in single quotes with control characters escaped, so the message stays
    /// on one line and an empty value is visible as `''`.
    static func quoted(_ text: String) -> String {
        "'\(text.escapingControlCharacters(alsoEscaping: ["'", "\\"]))'"
    }

    /// Leaves a plain option spelling such as `--bogus` bare and quotes anything unusual.
    private static func quotedIfNeeded(_ text: String) -> String {
        let isPlain =
            !text.isEmpty
            && text.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "-" || scalar == "_")
            }
        return isPlain ? text : quoted(text)
    }
}
