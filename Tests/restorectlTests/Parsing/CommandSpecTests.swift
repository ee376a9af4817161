import Testing

@testable import restorectl

struct CommandSpecTests {
    @Test(arguments: [
        (["migrate"], "restorectl migrate --db PATH [--to N] [--dry-run] [--json]"),
        (["save"], "restorectl save --db PATH --scene ID --state FILE [--account A]"),
        (["check"], "restorectl check --db PATH [--scene ID ...] [--json]"),
        (["shelf"], "restorectl shelf <command>"),
        ([], "restorectl <command>"),
    ])
    func derivedUsageLineShowsRequiredBareOptionalBracketedAndRepeats(path: [String], usage: String) throws {
        let spec = try #require(SampleCommands.root.descendant(at: path))
        #expect(spec.usageLine(commandPath: ["restorectl"] + path) == usage)
    }

    @Test func explicitUsageLineWins() {
        let spec = CommandSpec(name: "demo", abstract: "Seed a demo database.", usage: "restorectl demo [--seed N]")
        #expect(spec.usageLine(commandPath: ["restorectl", "demo"]) == "restorectl demo [--seed N]")
    }

    @Test func aRunnableSpecTakesItsOptionsFromItsOptionsTypeInDeclarationOrder() {
        let spec = CommandSpec(name: "migrate", abstract: "Apply pending schema migrations.", action: .parsing { (_: SampleMigrateOptions, _) in .success })
        #expect(spec.options == SampleCommands.migrate.options)
        #expect(spec.usageLine(commandPath: ["restorectl", "migrate"]) == "restorectl migrate --db PATH [--to N] [--dry-run] [--json]")
        #expect(spec.action != nil)
    }

    @Test func descendantFollowsSubcommandNames() {
        #expect(SampleCommands.root.descendant(at: []) == SampleCommands.root)
        #expect(SampleCommands.root.descendant(at: ["shelf"]) == SampleCommands.shelf)
        #expect(SampleCommands.root.descendant(at: ["quarantine", "drop"])?.name == "drop")
        #expect(SampleCommands.root.descendant(at: ["shelf", "bogus"]) == nil)
        #expect(SampleCommands.root.descendant(at: ["migrate", "save"]) == nil)
    }

    @Test func lookupsFindDeclaredOptionsAndSubcommandsOnly() {
        #expect(SampleCommands.migrate.option(named: "db") == SampleCommands.database)
        #expect(SampleCommands.migrate.option(named: "scene") == nil)
        #expect(SampleCommands.shelf.subcommand(named: "list")?.isGroup == false)
        #expect(SampleCommands.shelf.isGroup)
        #expect(SampleCommands.migrate.subcommand(named: "migrate") == nil)
    }
}
