import Testing

@testable import restorectl

struct HelpFormatterTests {
    @Test func rootHelpListsEveryCommandWithItsAbstract() {
        let expected = """
            USAGE: restorectl <command>

            Inspect, migrate and repair saved scene state.

            COMMANDS:
              migrate     Apply pending schema migrations.
              save        Save a scene's state.
              check       Verify stored states.
              quarantine  Manage states that failed to decode.
                restore   Put a quarantined state back.
                drop      Delete a quarantined state.
              shelf       Keep named states aside.
                save      Shelve a scene's state.
                restore   Bring a shelved state back.
                list      List shelved states.

            OPTIONS:
              --version   Show the version.
              -h, --help  Show help information.

            See 'restorectl <command> --help' for more about a command.
            """
        #expect(HelpFormatter.render(SampleCommands.root, path: ["restorectl"]) == expected)
    }

    @Test func leafHelpShowsUsageDiscussionAndAlignedOptions() {
        let expected = """
            USAGE: restorectl migrate --db PATH [--to N] [--dry-run] [--json]

            Apply pending schema migrations.

            Migrations run in one transaction; on failure nothing changes.

            OPTIONS:
              --db PATH   The state database file.
              --to N      Stop at schema version N.
              --dry-run   Print the plan without applying it.
              --json      Print machine-readable output.
              -h, --help  Show help information.
            """
        #expect(HelpFormatter.render(SampleCommands.migrate, path: ["restorectl", "migrate"]) == expected)
    }

    @Test func groupHelpListsItsSubcommands() {
        let expected = """
            USAGE: restorectl shelf <command>

            Keep named states aside.

            COMMANDS:
              save        Shelve a scene's state.
              restore     Bring a shelved state back.
              list        List shelved states.

            OPTIONS:
              -h, --help  Show help information.

            See 'restorectl shelf <command> --help' for more about a command.
            """
        #expect(HelpFormatter.render(SampleCommands.shelf, path: ["restorectl", "shelf"]) == expected)
    }

    @Test func nestedHelpUsesTheFullCommandPath() {
        let expected = """
            USAGE: restorectl shelf save --db PATH --scene ID [--name NAME]

            Shelve a scene's state.

            OPTIONS:
              --db PATH    The state database file.
              --scene ID   The scene identifier.
              --name NAME  The shelf entry name.
              -h, --help   Show help information.
            """
        #expect(HelpFormatter.render(helpFor: ["shelf", "save"], root: SampleCommands.root) == expected)
    }

    @Test(arguments: [[], ["migrate"], ["shelf"], ["quarantine", "drop"]])
    func helpForAPathMatchesRenderingThatCommand(path: [String]) throws {
        let spec = try #require(SampleCommands.root.descendant(at: path))
        #expect(
            HelpFormatter.render(helpFor: path, root: SampleCommands.root)
                == HelpFormatter.render(spec, path: ["restorectl"] + path)
        )
    }

    @Test func helpForAnUnknownPathFallsBackToTheDeepestKnownCommand() {
        #expect(
            HelpFormatter.render(helpFor: ["shelf", "bogus"], root: SampleCommands.root)
                == HelpFormatter.render(SampleCommands.shelf, path: ["restorectl", "shelf"])
        )
    }

    @Test func explicitUsageAndEmptyDescriptionsRenderWithoutPadding() {
        let spec = CommandSpec(
            name: "demo",
            abstract: "",
            usage: "restorectl demo [--seed N]",
            options: [.value("seed", valueName: "N", help: ""), .flag("verbose-output-for-debugging", help: "Chatty.")]
        )
        let expected = """
            USAGE: restorectl demo [--seed N]

            OPTIONS:
              --seed N
              --verbose-output-for-debugging  Chatty.
              -h, --help                      Show help information.
            """
        #expect(HelpFormatter.render(spec, path: ["restorectl", "demo"]) == expected)
    }

    @Test func helpTextHasNoTrailingWhitespace() {
        for path in [[], ["migrate"], ["save"], ["check"], ["quarantine"], ["shelf", "list"]] {
            let text = HelpFormatter.render(helpFor: path, root: SampleCommands.root)
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                #expect(line.last != " ", "\(path): \(line)")
            }
            #expect(!text.hasSuffix("\n"))
        }
    }
}
