import Testing

@testable import restorectl

struct ParsableOptionsTests {
    /// The command tree of one command that parses into ``SampleKindsOfOptions``.
    private static let command = CommandSpec(name: "sample", abstract: "Every kind of option.", action: .parsing { (_: SampleKindsOfOptions, _) in .success })
    private static let root = CommandSpec(name: "restorectl", abstract: "", subcommands: [command])

    /// Parses `arguments` after `restorectl sample` into the options.
    private func parse(_ arguments: [String]) throws -> SampleKindsOfOptions {
        guard case .run(let command) = try CommandLineParser.parse(["sample"] + arguments, root: Self.root) else {
            throw SampleCommands.UnexpectedOutcome(arguments: arguments)
        }
        return try SampleKindsOfOptions.parse(command)
    }

    @Test func declarationOrderIsHelpOrderAndTheTypeGivesRequiredAndRepeatable() {
        #expect(
            SampleKindsOfOptions.declaredOptions == [
                .value("db", valueName: "PATH", help: "Required.", isRequired: true),
                .value("account", valueName: "A", help: "Optional."),
                .value("limit", valueName: "N", help: "With a default."),
                .value("scene", valueName: "ID", help: "Repeatable.", isRepeatable: true),
                .value("id", valueName: "N", help: "Repeatable integers.", isRepeatable: true),
                .value("kind", valueName: "K", help: "Words.", completion: .words(["a", "b"])),
                .flag("json", help: "A flag."),
            ])
        #expect(Self.command.usageLine(commandPath: ["restorectl", "sample"]) == "restorectl sample --db PATH [--account A] [--limit N] [--scene ID ...] [--id N ...] [--kind K] [--json]")
    }

    @Test func absentOptionsAreNilTheDefaultEmptyOrFalse() throws {
        let options = try parse(["--db", "x"])
        #expect(options.database == "x")
        #expect(options.account == nil)
        #expect(options.limit == 10)
        #expect(options.scenes == [])
        #expect(options.ids == [])
        #expect(options.kind == nil)
        #expect(!options.json)
    }

    @Test func givenOptionsAreReadAsTheirTypes() throws {
        let options = try parse(["--db", "x", "--account", "", "--limit", "-3", "--scene", "a", "--scene=b", "--id", "1", "--id", "2", "--json"])
        #expect(options.database == "x")
        #expect(options.account == "")
        #expect(options.limit == -3)
        #expect(options.scenes == ["a", "b"])
        #expect(options.ids == [1, 2])
        #expect(options.json)
    }

    @Test func aMalformedValueIsAUsageErrorNamingTheOption() {
        #expect(throws: UsageError(command: "restorectl sample", kind: .invalidInteger(option: "--limit", value: "ten"))) {
            try parse(["--db", "x", "--limit", "ten"])
        }
        #expect(throws: UsageError(command: "restorectl sample", kind: .integerOutOfRange(option: "--id", value: "99999999999999999999"))) {
            try parse(["--db", "x", "--id", "1", "--id", "99999999999999999999"])
        }
    }

    @Test func aMissingRequiredOptionIsReportedByTheParser() {
        #expect(throws: UsageError(command: "restorectl sample", kind: .missingRequiredOption("--db"))) {
            try parse([])
        }
    }

    @Test func validateRunsAfterEveryOptionIsRead() {
        #expect(throws: CommandFailure(.dataError, "refused account")) {
            try parse(["--db", "x", "--account", "refused"])
        }
    }

    @Test func optionsReadListsEveryOptionParsingFillsInDeclarationOrder() throws {
        let command = try SampleCommands.command(["migrate", "--db", "x", "--json"])
        #expect(try SampleMigrateOptions.optionsRead(parsing: command) == SampleCommands.migrate.options)
        let options = try SampleMigrateOptions.parse(command)
        #expect(options.database == "x" && options.target == nil && !options.isDryRun && options.json)
    }

    @Test func aGroupsOptionsStandWhereItsPropertyDoesAndAreFilledByParsing() throws {
        #expect(SampleGroupedMigrateOptions.declaredOptions == SampleCommands.migrate.options)
        let command = try SampleCommands.command(["migrate", "--db", "x", "--to", "3", "--json"])
        #expect(try SampleGroupedMigrateOptions.optionsRead(parsing: command) == SampleCommands.migrate.options)
        let options = try SampleGroupedMigrateOptions.parse(command)
        #expect(options.group.database == "x" && options.group.target == 3 && !options.isDryRun && options.json)
    }
}
