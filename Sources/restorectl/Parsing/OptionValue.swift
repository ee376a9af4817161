/// A type an option's value is read as: the text after `--name` becomes a value, or a usage
/// error that names the option.
///
/// ```swift
/// @Option(name: "to", valueName: "N", help: "Stop at schema version N.") var target: Int?
/// ```
protocol OptionValue: Sendable {
    /// Reads `text`, given to `option` of the command called `commandName`
    /// (`restorectl migrate`); malformed text throws a usage error naming both.
    init(argument text: String, for option: OptionSpec, in commandName: String) throws(UsageError)
}

extension String: OptionValue {
    /// The text as given: every string is a string, the empty one too.
    init(argument text: String, for option: OptionSpec, in commandName: String) {
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
