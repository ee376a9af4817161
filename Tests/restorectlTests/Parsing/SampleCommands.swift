@testable import restorectl

/// A trimmed-down `restorectl` command tree shared by the parser, accessor and help tests.
enum SampleCommands {
    /// `--db PATH`, required.
    static let database = OptionSpec.value("db", valueName: "PATH", help: "The state database file.", isRequired: true)
    /// `--json`.
    static let json = OptionSpec.flag("json", help: "Print machine-readable output.")
    /// `--scene ID`, required.
    static let scene = OptionSpec.value("scene", valueName: "ID", help: "The scene identifier.", isRequired: true)
    /// `migrate --to N`.
    static let to = OptionSpec.value("to", valueName: "N", help: "Stop at schema version N.")
    /// `migrate --dry-run`.
    static let dryRun = OptionSpec.flag("dry-run", help: "Print the plan without applying it.")
    /// `save --state FILE`, required.
    static let state = OptionSpec.value("state", valueName: "FILE", help: "The state JSON, or - for standard input.", isRequired: true)
    /// `save --account A`.
    static let account = OptionSpec.value("account", valueName: "A", help: "The owning account.")
    /// `check --scene ID`, repeatable.
    static let checkedScene = OptionSpec.value("scene", valueName: "ID", help: "Only check this scene.", isRepeatable: true)

    /// `restorectl migrate`.
    static let migrate = CommandSpec(
        name: "migrate",
        abstract: "Apply pending schema migrations.",
        discussion: "Migrations run in one transaction; on failure nothing changes.",
        options: [
            database,
            to,
            dryRun,
            json,
        ]
    )

    /// `restorectl save`.
    static let save = CommandSpec(
        name: "save",
        abstract: "Save a scene's state.",
        options: [
            database,
            scene,
            state,
            account,
        ]
    )

    /// `restorectl check`, whose `--scene` may repeat.
    static let check = CommandSpec(
        name: "check",
        abstract: "Verify stored states.",
        options: [
            database,
            checkedScene,
            json,
        ]
    )

    /// `restorectl quarantine`.
    static let quarantine = CommandSpec(
        name: "quarantine",
        abstract: "Manage states that failed to decode.",
        subcommands: [
            CommandSpec(name: "restore", abstract: "Put a quarantined state back.", options: [database, scene]),
            CommandSpec(name: "drop", abstract: "Delete a quarantined state.", options: [database, scene]),
        ]
    )

    /// `restorectl shelf`.
    static let shelf = CommandSpec(
        name: "shelf",
        abstract: "Keep named states aside.",
        subcommands: [
            CommandSpec(
                name: "save",
                abstract: "Shelve a scene's state.",
                options: [database, scene, .value("name", valueName: "NAME", help: "The shelf entry name.")]
            ),
            CommandSpec(name: "restore", abstract: "Bring a shelved state back.", options: [database, scene]),
            CommandSpec(name: "list", abstract: "List shelved states.", options: [database, json]),
        ]
    )

    /// The `restorectl` root.
    static let root = CommandSpec(
        name: "restorectl",
        abstract: "Inspect, migrate and repair saved scene state.",
        subcommands: [migrate, save, check, quarantine, shelf]
    )

    /// Parses `arguments` against ``root`` and returns the command, failing the test otherwise.
    static func command(_ arguments: [String]) throws -> ParsedCommand {
        guard case .run(let command) = try CommandLineParser.parse(arguments, root: root) else {
            throw UnexpectedOutcome(arguments: arguments)
        }
        return command
    }

    /// Thrown by ``command(_:)`` when the line asked for help or the version instead.
    struct UnexpectedOutcome: Error {
        /// The arguments that were parsed.
        let arguments: [String]
    }
}
