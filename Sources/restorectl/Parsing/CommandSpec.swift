/// Declares a command: its name, help text, options and, for command groups such as
/// `shelf`, its subcommands.
///
/// A command with subcommands is a group: it cannot run by itself, and the parser requires
/// one of its subcommands. A runnable command carries its ``CommandAction``, so running a
/// parsed command needs no table of names, and takes its options from the action's options
/// type. The root spec is the tool itself (`restorectl`).
///
/// ```swift
/// let shelf = CommandSpec(
///     name: "shelf",
///     abstract: "Keep named states aside and bring them back.",
///     subcommands: [save, restore, list]
/// )
/// ```
struct CommandSpec: Sendable {
    /// The word that selects this command, or the tool's name for the root.
    let name: String
    /// A one-line summary, shown in help and in the parent's command list.
    let abstract: String
    /// Longer help text shown below the abstract; empty for none.
    let discussion: String
    /// An explicit usage line (without the `USAGE:` label), or `nil` to derive one from the spec.
    let usage: String?
    /// The options this command accepts, in help order. `--help` is implicit. For a runnable
    /// command, its options type's ``ParsableOptions/declaredOptions``.
    let options: [OptionSpec]
    /// The subcommands of a command group, in help order; empty for a runnable command.
    let subcommands: [CommandSpec]
    /// What a runnable command does; `nil` for a group (and for specs that only describe).
    let action: CommandAction?

    /// Creates a command group, or a spec that only describes a command (help, parsing):
    /// it has no action, so it cannot run.
    init(
        name: String,
        abstract: String,
        discussion: String = "",
        usage: String? = nil,
        options: [OptionSpec] = [],
        subcommands: [CommandSpec] = []
    ) {
        self.init(name: name, abstract: abstract, discussion: discussion, usage: usage, options: options, subcommands: subcommands, action: nil)
    }

    /// Creates a runnable command. Its options are the ones its action's options type declares
    /// (``ParsableOptions/declaredOptions``), in that order, so they are never listed twice.
    init(name: String, abstract: String, discussion: String = "", usage: String? = nil, action: CommandAction) {
        self.init(
            name: name,
            abstract: abstract,
            discussion: discussion,
            usage: usage,
            options: action.optionsType.declaredOptions,
            subcommands: [],
            action: action
        )
    }

    /// Sets every property; the two initializers above pair options and action.
    private init(
        name: String,
        abstract: String,
        discussion: String,
        usage: String?,
        options: [OptionSpec],
        subcommands: [CommandSpec],
        action: CommandAction?
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.usage = usage
        self.options = options
        self.subcommands = subcommands
        self.action = action
    }

    /// Whether this command only groups subcommands and cannot run by itself.
    var isGroup: Bool { !subcommands.isEmpty }

    /// Returns the declared option called `name` (without dashes), if any.
    func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name }
    }

    /// Returns the direct subcommand called `name`, if any.
    func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }

    /// Returns the command reached by following `path` (subcommand names below this one),
    /// or `nil` when a name on the way does not exist.
    func descendant(at path: [String]) -> CommandSpec? {
        var command = self
        for name in path {
            guard let next = command.subcommand(named: name) else { return nil }
            command = next
        }
        return command
    }

    /// The usage line for this command reached through `commandPath`, which starts with the
    /// tool's name (for example `["restorectl", "migrate"]`).
    ///
    /// Derived lines list required options bare and optional ones in brackets, in declaration
    /// order, with `...` after repeatable ones: `restorectl migrate --db PATH [--to N] [--json]`.
    func usageLine(commandPath: [String]) -> String {
        if let usage { return usage }
        var words = commandPath
        if isGroup {
            words.append("<command>")
        } else {
            for option in options {
                let repeated = option.isRepeatable ? " ..." : ""
                words.append(option.isRequired ? option.synopsis + repeated : "[\(option.synopsis)\(repeated)]")
            }
        }
        return words.joined(separator: " ")
    }
}

extension CommandSpec: Equatable {
    /// Whether two specs declare the same command: names, texts, options and subcommands.
    /// Actions are functions and are not compared.
    static func == (lhs: CommandSpec, rhs: CommandSpec) -> Bool {
        lhs.name == rhs.name && lhs.abstract == rhs.abstract && lhs.discussion == rhs.discussion
            && lhs.usage == rhs.usage && lhs.options == rhs.options && lhs.subcommands == rhs.subcommands
    }
}
