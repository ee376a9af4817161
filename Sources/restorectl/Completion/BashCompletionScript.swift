/// Writes the bash completion script: one function per command, called with the index of the
/// first word after that command; a group completes its subcommand names, a command completes
/// its options, and after an option that takes a value, the value (files, fixed words or
/// nothing).
struct BashCompletionScript {
    let root: CommandSpec

    /// The script text, without a trailing newline.
    func render() -> String {
        var lines = [
            "#!/bin/bash",
            "# Completion for \(root.name), generated from its command specs by `\(root.name) completions bash`.",
            "# \(CompletionShell.bash.installation)",
            "",
        ]
        for node in CompletionNode.all(from: root) {
            lines += function(for: node)
            lines.append("")
        }
        lines.append("complete -F \(CompletionNode(spec: root, path: []).functionName(root: root)) \(root.name)")
        return lines.joined(separator: "\n")
    }

    private func function(for node: CompletionNode) -> [String] {
        let spec = node.spec
        let name = node.functionName(root: root)
        let words = spec.subcommands.map(\.name) + spec.options.map(\.spelling) + node.builtInWords
        var body: [String] = []
        if node.path.isEmpty {
            body += [
                "local cur=\"${COMP_WORDS[COMP_CWORD]}\"",
                "local prev=\"${COMP_WORDS[COMP_CWORD-1]}\"",
                "COMPREPLY=()",
                "# complete -F passes the command, the word and the previous word; commands start at word 1.",
                "set -- 1",
            ]
        }
        body.append("local opts=\(words.joined(separator: " ").singleQuotedWord)")
        if spec.isGroup {
            body += [
                "if [[ $COMP_CWORD == \"$1\" ]]; then",
                "    COMPREPLY=( $(compgen -W \"$opts\" -- \"$cur\") )",
                "    return",
                "fi",
                "case ${COMP_WORDS[$1]} in",
            ]
            for child in node.children {
                body += [
                    "    (\(child.spec.name))",
                    "        \(child.functionName(root: root)) $(($1+1))",
                    "        return",
                    "        ;;",
                ]
            }
            body.append("esac")
        } else {
            body += valueCases(spec.options)
        }
        body.append("COMPREPLY=( $(compgen -W \"$opts\" -- \"$cur\") )")
        return ["\(name)() {"] + body.map { "    " + $0 } + ["}"]
    }

    /// After an option that takes a value, complete the value instead of the next option.
    private func valueCases(_ options: [OptionSpec]) -> [String] {
        let valued = options.filter(\.takesValue)
        guard !valued.isEmpty else { return [] }
        var lines = ["case $prev in"]
        for option in valued {
            lines.append("    (\(option.spelling))")
            switch option.completion {
            case .files:
                lines += [
                    "        compopt -o filenames 2>/dev/null",
                    "        COMPREPLY=( $(compgen -f -- \"$cur\") )",
                ]
            case .words(let words):
                lines.append("        COMPREPLY=( $(compgen -W \(words.joined(separator: " ").singleQuotedWord) -- \"$cur\") )")
            case .none:
                break
            }
            lines += ["        return", "        ;;"]
        }
        lines.append("esac")
        return lines
    }
}
