/// A type an option's value is read as: the text after `--name` becomes a value, or an error
/// that names the command and the option. A command's own value type, such as `prune`'s age,
/// carries its check, so the option's declaration gives its validation too:
///
/// ```swift
/// @Option(name: "to", valueName: "N", help: "Stop at schema version N.") var target: Int?
/// @Option(name: "unused-for", valueName: "AGE", help: "…") var unusedFor: PruneCommand.Age
/// ```
protocol OptionValue: Sendable {
    /// Reads `text`, given to `option` of the command called `commandName`
    /// (`restorectl migrate`); malformed text throws an error naming both, a ``UsageError``
    /// or a ``CommandFailure`` with exit 64.
    init(argument text: String, for option: OptionSpec, in commandName: String) throws
}

extension String: OptionValue {
    /// The text as given: every string is a string, the empty one too, except for an option
    /// whose value is a path (`PATH`, `FILE` or `DIR`): an empty path names no file, so it is a
    /// usage error rather than a file the command fails to find.
    init(argument text: String, for option: OptionSpec, in commandName: String) throws(UsageError) {
        if text.isEmpty, option.takesPath { throw UsageError(command: commandName, kind: .emptyPath(option: option.spelling)) }
        self = text
    }
}

extension Int: OptionValue {
    /// A decimal integer: an optional sign and ASCII digits only. Anything else, or a number
    /// that does not fit in `Int`, is a usage error naming the option.
    init(argument text: String, for option: OptionSpec, in commandName: String) throws(UsageError) {
        if let number = Int(text, radix: 10) {
            self = number
            return
        }
        let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
        let isDecimal = !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
        throw UsageError(
            command: commandName,
            kind: isDecimal
                ? .integerOutOfRange(option: option.spelling, value: text)
                : .invalidInteger(option: option.spelling, value: text)
        )
    }
}
