/// What a runnable ``CommandSpec`` does: parse the command line's values into the command's
/// typed options, then run with them.
///
/// The spec carries its action, so dispatch follows the command tree rather than a table of
/// names:
///
/// ```swift
/// static let spec = CommandSpec(name: "status", abstract: "…", options: [CommandTable.db], action: .parsing(run))
/// static func run(_ options: Options, console: Console) throws -> ExitCode { … }
/// ```
struct CommandAction: Sendable {
    /// The typed options the command parses into.
    let optionsType: any ParsableOptions.Type
    /// Parses and runs; see ``run(_:console:)``.
    private let body: @Sendable (ParsedCommand, Console) throws -> ExitCode

    /// An action that builds `Options` from the parsed command, then calls `run` with them.
    static func parsing<Options: ParsableOptions>(
        _ run: @escaping @Sendable (Options, Console) throws -> ExitCode
    ) -> CommandAction {
        CommandAction(optionsType: Options.self) { command, console in
            try run(try Options(parsing: command), console)
        }
    }

    /// Runs the command and returns its exit code; usage errors and failures are thrown.
    func run(_ command: ParsedCommand, console: Console) throws -> ExitCode {
        try body(command, console)
    }
}

/// A command's options as typed values, built once from the parsed command line.
///
/// The initializer reads every option the command declares through its ``OptionSpec`` (the
/// same values the spec lists, so a name is never spelled twice) and validates what needs no
/// I/O, such as integers, names and kinds. It is the only place a command reads its command line.
protocol ParsableOptions: Sendable {
    /// Reads and validates the options of `command`.
    init(parsing command: ParsedCommand) throws
}

/// The options of a command that takes none but `--help`.
struct NoOptions: ParsableOptions {
    /// Reads nothing.
    init(parsing command: ParsedCommand) {}
}
