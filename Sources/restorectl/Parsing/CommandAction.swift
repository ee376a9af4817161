/// What a runnable ``CommandSpec`` does: parse the command line's values into the command's
/// typed options, then run with them.
///
/// The spec carries its action, so dispatch follows the command tree rather than a table of
/// names, and takes its options from the action's options type, so they are declared once:
///
/// ```swift
/// static let spec = CommandSpec(name: "status", abstract: "…", action: .parsing(run))
/// static func run(_ options: DatabaseOptions, console: Console) throws -> ExitCode { … }
/// ```
struct CommandAction: Sendable {
    /// The typed options the command parses into; its ``ParsableOptions/declaredOptions`` are
    /// the command's options.
    let optionsType: any ParsableOptions.Type
    /// Parses, runs the command and returns its exit code; usage errors and failures are thrown.
    let run: @Sendable (ParsedCommand, Console) throws -> ExitCode

    /// An action that builds `Options` from the parsed command, then calls `run` with them.
    static func parsing<Options: ParsableOptions>(
        _ run: @escaping @Sendable (Options, Console) throws -> ExitCode
    ) -> CommandAction {
        CommandAction(optionsType: Options.self) { command, console in
            try run(try Options.parse(command), console)
        }
    }
}
