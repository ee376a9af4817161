/// A parsed command's options as one ``ParsableOptions`` type reads them: by the cases of its
/// own `Option` enum, never by an ``OptionSpec``, so reading an option the command does not
/// declare does not compile.
///
/// ```swift
/// init(parsing command: OptionReader<Self>) throws {
///     database = try command.requiredString(.db)
///     target = try command.int(.to)        // nil when --to was not given
///     json = try command.flag(.json)
/// }
/// ```
///
/// Values and usage errors are those of the ``ParsedCommand`` accessors. The reader remembers
/// which options were read (``optionsRead``), for the tests that check commands against their
/// specs.
final class OptionReader<Options: ParsableOptions> {
    /// The parsed command, whose spec declares `Options`' options.
    private let command: ParsedCommand
    /// The options read so far.
    private(set) var optionsRead: Set<Options.Option> = []

    /// Creates a reader of `command`, which was parsed against a spec whose options are
    /// `Options.declaredOptions`.
    init(_ command: ParsedCommand) {
        self.command = command
    }

    /// Subcommand names below the root, for example `["shelf", "save"]`.
    var path: [String] { command.path }

    /// The tool's name followed by ``path``, as used in error messages: `restorectl shelf save`.
    var commandName: String { command.commandName }

    /// The value of `option`, or `nil` when it was not given; see ``ParsedCommand/string(_:)``.
    func string(_ option: Options.Option) throws -> String? {
        try command.string(read(option))
    }

    /// The value of `option`, throwing `missingRequiredOption` when it was not given.
    func requiredString(_ option: Options.Option) throws -> String {
        try command.requiredString(read(option))
    }

    /// Every value given for `option`, in order; empty when it was not given.
    func strings(_ option: Options.Option) throws -> [String] {
        try command.strings(read(option))
    }

    /// The value of `option` as a decimal integer, or `nil` when it was not given; see
    /// ``ParsedCommand/int(_:)``.
    func int(_ option: Options.Option) throws -> Int? {
        try command.int(read(option))
    }

    /// The value of `option` as a decimal integer, throwing `missingRequiredOption` when it
    /// was not given.
    func requiredInt(_ option: Options.Option) throws -> Int {
        guard let value = try int(option) else {
            throw UsageError(command: commandName, kind: .missingRequiredOption(option.spec.spelling))
        }
        return value
    }

    /// Whether `flag` was given.
    func flag(_ flag: Options.Option) throws -> Bool {
        try command.flag(read(flag))
    }

    /// Notes that `option` was read and returns its spec.
    private func read(_ option: Options.Option) -> OptionSpec {
        optionsRead.insert(option)
        return option.spec
    }
}
