/// `restorectl completions bash|zsh|fish`: print a shell completion script generated from the
/// command tree.
enum CompletionsCommand {
    static let spec: CommandSpec = CommandSpec(
        name: "completions",
        abstract: "Print a shell completion script for restorectl (bash, zsh or fish).",
        subcommands: CompletionShell.allCases.map { shell in
            CommandSpec(
                name: shell.rawValue,
                abstract: "Print the \(shell.rawValue) completion script.",
                discussion: shell.installation,
                action: .parsing { (_: NoOptions, console) in
                    console.print(shell.script(for: CommandTable.root))
                    return .success
                }
            )
        }
    )
}
