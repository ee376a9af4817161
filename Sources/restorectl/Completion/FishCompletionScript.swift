/// Writes the fish completion script: a `complete` line per subcommand and option, guarded by
/// a condition on the command words typed so far (option values are skipped, so
/// `restorectl shelf --db x save` is still `shelf save`).
struct FishCompletionScript {
    let root: CommandSpec

    /// The script text, without a trailing newline.
    func render() -> String {
        let tool = root.name
        let prefix = "__" + tool.replacingOccurrences(of: "-", with: "_")
        let nodes = CompletionNode.all(from: root)
        let valueOptions = Set(nodes.flatMap(\.spec.options).filter(\.takesValue).map(\.spelling)).sorted()
        var lines = [
            "# Completion for \(tool), generated from its command specs by `\(tool) completions fish`.",
            "# \(CompletionShell.fish.installation)",
            "",
            "# Prints the words typed so far that select commands: not options, not options' values.",
            "function \(prefix)_command_words",
            "    set -l tokens (commandline -opc)",
            "    set -e tokens[1]",
            "    set -l skip_next 0",
            "    for token in $tokens",
            "        if test $skip_next -eq 1",
            "            set skip_next 0",
            "            continue",
            "        end",
            "        switch $token",
            "            case \(valueOptions.map(quoted).joined(separator: " "))",
            "                set skip_next 1",
            "            case '-*'",
            "            case '*'",
            "                echo $token",
            "        end",
            "    end",
            "end",
            "",
            "# Succeeds when the command words typed so far are exactly the arguments.",
            "function \(prefix)_at",
            "    set -l words (\(prefix)_command_words)",
            "    test \"$words\" = \"$argv\"",
            "end",
            "",
            "complete -c \(tool) -f",
        ]
        for node in nodes {
            let condition = quoted((["\(prefix)_at"] + node.path).joined(separator: " "))
            let head = "complete -c \(tool) -n \(condition)"
            for subcommand in node.spec.subcommands {
                lines.append("\(head) -a \(quoted(subcommand.name)) -d \(quoted(subcommand.abstract))")
            }
            for option in node.spec.options {
                lines.append("\(head) -l \(option.name)\(valueArguments(option)) -d \(quoted(option.help))")
            }
            if node.path.isEmpty {
                lines.append("\(head) -l version -d 'Show the version.'")
            }
            lines.append("\(head) -s h -l help -d 'Show help information.'")
        }
        return lines.joined(separator: "\n")
    }

    /// What follows an option that takes a value: files, a word list, or nothing.
    private func valueArguments(_ option: OptionSpec) -> String {
        guard option.takesValue else { return "" }
        switch option.completion {
        case .files: return " -r -F"
        case .words(let words): return " -x -a \(quoted(words.joined(separator: " ")))"
        case .none: return " -x"
        }
    }

    /// `text` as one single-quoted fish word.
    private func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
