/// Writes the zsh completion script: one `_arguments` function per command, as
/// swift-argument-parser does; a group hands the words after its subcommand to that
/// subcommand's function.
struct ZshCompletionScript {
    let root: CommandSpec

    /// The script text, without a trailing newline.
    func render() -> String {
        let entry = CompletionNode(spec: root, path: []).functionName(root: root)
        var lines = [
            "#compdef \(root.name)",
            "# Completion for \(root.name), generated from its command specs by `\(root.name) completions zsh`.",
            "# \(CompletionShell.zsh.installation)",
            "",
        ]
        for node in CompletionNode.all(from: root) {
            lines += function(for: node)
            lines.append("")
        }
        lines += [
            "if [[ \"${funcstack[1]}\" == \"\(entry)\" ]]; then",
            "    \(entry) \"$@\"",
            "else",
            "    compdef \(entry) \(root.name)",
            "fi",
        ]
        return lines.joined(separator: "\n")
    }

    private func function(for node: CompletionNode) -> [String] {
        let spec = node.spec
        var body = [
            "local context state state_descr line",
            "typeset -A opt_args",
            "local -i ret=1",
            "local -a args",
            "args=(",
        ]
        body += spec.options.map { "    " + argument(for: $0) }
        if node.path.isEmpty {
            body.append("    '--version[Show the version.]'")
        }
        body.append("    '(-h --help)'{-h,--help}'[Show help information.]'")
        if spec.isGroup {
            body += ["    '(-): :->command'", "    '(-)*:: :->arg'"]
        }
        body += [")", "_arguments -w -s -S : \"${args[@]}\" && ret=0"]
        if spec.isGroup {
            body += [
                "case $state in",
                "    (command)",
                "        local -a subcommands",
                "        subcommands=(",
            ]
            body += spec.subcommands.map { "            " + "\(escapedName($0.name)):\($0.abstract)".singleQuotedWord }
            body += [
                "        )",
                "        _describe -V subcommand subcommands && ret=0",
                "        ;;",
                "    (arg)",
                "        case ${words[1]} in",
            ]
            for child in node.children {
                body += [
                    "            (\(child.spec.name))",
                    "                \(child.functionName(root: root)) && ret=0",
                    "                ;;",
                ]
            }
            body += ["        esac", "        ;;", "esac"]
        }
        body.append("return ret")
        return ["\(node.functionName(root: root))() {"] + body.map { "    " + $0 } + ["}"]
    }

    /// The `_arguments` spec of one option: `'--db[The state database file.]:PATH:_files'`.
    private func argument(for option: OptionSpec) -> String {
        let repeated = option.isRepeatable ? "*" : ""
        var text = "\(repeated)\(option.spelling)[\(escapedExplanation(option.help))]"
        if case .value(let valueName) = option.kind {
            let message = valueName.replacingOccurrences(of: ":", with: #"\:"#)
            switch option.completion {
            case .files: text += ":\(message):_files"
            case .words(let words): text += ":\(message):(\(words.joined(separator: " ")))"
            case .none: text += ":\(message): "
            }
        }
        return text.singleQuotedWord
    }

    /// Escapes what ends an explanation early inside `[…]`.
    private func escapedExplanation(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "[", with: "\\[")
            .replacingOccurrences(of: "]", with: "\\]")
    }

    /// Escapes the `:` that would end a name in a `_describe` item.
    private func escapedName(_ name: String) -> String {
        name.replacingOccurrences(of: ":", with: #"\:"#)
    }
}
