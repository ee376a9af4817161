/// A shell that `restorectl completions` writes a completion script for.
enum CompletionShell: String, CaseIterable, Sendable {
    case bash, zsh, fish

    /// The completion script for the tool described by `root`, generated from its command specs
    /// in the manner of swift-argument-parser's scripts: subcommands, options, option values
    /// (file names for `FILE`/`PATH`, a fixed word list such as the record kinds) and help.
    func script(for root: CommandSpec) -> String {
        switch self {
        case .bash: BashCompletionScript(root: root).render()
        case .zsh: ZshCompletionScript(root: root).render()
        case .fish: FishCompletionScript(root: root).render()
        }
    }

    /// How to install the script, shown in the `completions` subcommand's help.
    var installation: String {
        switch self {
        case .bash:
            "Load it with `source <(restorectl completions bash)` in ~/.bashrc, or save it as restorectl in ~/.local/share/bash-completion/completions."
        case .zsh:
            "Save it as _restorectl in a directory on $fpath (before compinit runs), or load it with `source <(restorectl completions zsh)` after compinit."
        case .fish:
            "Save it as ~/.config/fish/completions/restorectl.fish."
        }
    }
}

/// The command tree flattened for the script generators.
struct CompletionNode {
    let spec: CommandSpec
    /// The subcommand names from the root to this command; empty for the root.
    let path: [String]

    /// Every command of the tree below and including `root`, parents before children.
    static func all(from root: CommandSpec) -> [CompletionNode] {
        func walk(_ node: CompletionNode) -> [CompletionNode] { [node] + node.children.flatMap(walk) }
        return walk(CompletionNode(spec: root, path: []))
    }

    /// The command's subcommands, in their order.
    var children: [CompletionNode] {
        spec.subcommands.map { CompletionNode(spec: $0, path: path + [$0.name]) }
    }

    /// A shell function name for this command: `_restorectl`, `_restorectl_shelf_save`.
    func functionName(root: CommandSpec) -> String {
        ([root.name] + path).map { $0.replacingOccurrences(of: "-", with: "_") }.reduce("") { $0 + "_" + $1 }
    }

    /// The built-in options every command has, and `--version` on the root.
    var builtInWords: [String] {
        (path.isEmpty ? ["--version"] : []) + ["-h", "--help"]
    }
}

extension String {
    /// The text as one single-quoted bash or zsh word: each `'` ends the quoting, is escaped
    /// and starts it again.
    var singleQuotedWord: String {
        "'" + replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
