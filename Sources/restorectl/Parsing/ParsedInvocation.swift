/// What the command line asks for: run a command, show help, or show the version.
///
/// Help and version are outcomes rather than errors so `main` can print them to stdout and
/// exit 0, while a ``UsageError`` goes to stderr with exit status 64.
enum ParsedInvocation: Sendable, Equatable {
    /// Run the command described by the parsed arguments.
    case run(ParsedCommand)
    /// Show help for the command at `path` (subcommand names below the root; empty for the
    /// root), because `--help` or `-h` appeared anywhere before `--`.
    case help(path: [String])
    /// Show the tool's version, because `--version` was given at the top level.
    case version
}
