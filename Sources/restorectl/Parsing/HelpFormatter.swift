/// Renders the help text for a command from its ``CommandSpec``.
///
/// The layout is stable so tests can compare it verbatim: a usage line, the abstract, the
/// discussion, the subcommands (nested ones indented below their group), then the options,
/// with every description aligned in one column. Descriptions are not wrapped. The text has
/// no trailing newline.
///
/// ```text
/// USAGE: restorectl migrate --db PATH [--to N]
///
/// Apply pending schema migrations.
///
/// OPTIONS:
///   --db PATH   The state database file.
///   --to N      Stop at schema version N.
///   -h, --help  Show help information.
/// ```
enum HelpFormatter {
    /// The row for the implicit `--help` option.
    private static let helpRow = Row(label: "-h, --help", text: "Show help information.")
    /// The row for the implicit top-level `--version` option.
    private static let versionRow = Row(label: "--version", text: "Show the version.")
    /// Spaces between the widest label and the descriptions.
    private static let gutter = 2

    /// One label–description line of a table.
    private struct Row {
        /// The left column, including any nesting indent.
        let label: String
        /// The description.
        let text: String
    }

    /// Renders help for `spec`, reached through `path`, which starts with the tool's name
    /// (`["restorectl", "shelf", "save"]`). A one-element path means `spec` is the root, whose
    /// help also lists `--version`.
    static func render(_ spec: CommandSpec, path: [String]) -> String {
        var sections: [String] = ["USAGE: \(spec.usageLine(commandPath: path))"]
        if !spec.abstract.isEmpty { sections.append(spec.abstract) }
        if !spec.discussion.isEmpty { sections.append(spec.discussion) }

        let commandRows = rows(for: spec.subcommands, depth: 0)
        var optionRows = spec.options.map { Row(label: $0.synopsis, text: $0.help) }
        if path.count <= 1 { optionRows.append(versionRow) }
        optionRows.append(helpRow)

        let width = (commandRows + optionRows).map(\.label.count).max() ?? 0
        if !commandRows.isEmpty {
            sections.append(table("COMMANDS:", commandRows, width: width))
        }
        sections.append(table("OPTIONS:", optionRows, width: width))
        if spec.isGroup {
            let prefix = path.joined(separator: " ")
            sections.append("See '\(prefix) <command> --help' for more about a command.")
        }
        return sections.joined(separator: "\n\n")
    }

    /// Renders help for the command at `path` below `root` (as in ``ParsedInvocation/help(path:)``),
    /// or for the deepest existing command on that path.
    static func render(helpFor path: [String], root: CommandSpec) -> String {
        var command = root
        var resolved = [root.name]
        for name in path {
            guard let next = command.subcommand(named: name) else { break }
            command = next
            resolved.append(name)
        }
        return render(command, path: resolved)
    }

    /// Lists `commands` and, indented below each group, its subcommands.
    private static func rows(for commands: [CommandSpec], depth: Int) -> [Row] {
        commands.flatMap { command in
            let indent = String(repeating: " ", count: 2 * depth)
            return [Row(label: indent + command.name, text: command.abstract)]
                + rows(for: command.subcommands, depth: depth + 1)
        }
    }

    /// A titled table whose descriptions start `width + gutter` columns after the indent.
    private static func table(_ title: String, _ rows: [Row], width: Int) -> String {
        let lines = rows.map { row in
            guard !row.text.isEmpty else { return "  \(row.label)" }
            let padding = String(repeating: " ", count: width - row.label.count + gutter)
            return "  \(row.label)\(padding)\(row.text)"
        }
        return ([title] + lines).joined(separator: "\n")
    }
}
