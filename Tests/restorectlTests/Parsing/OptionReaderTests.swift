import Testing

@testable import restorectl

struct OptionReaderTests {
    /// A reader of `restorectl migrate` parsed from `arguments` after the command name.
    private func reader(_ arguments: [String]) throws -> OptionReader<SampleMigrateOptions> {
        OptionReader(try SampleCommands.command(["migrate"] + arguments))
    }

    @Test func readsValuesByTheOptionsTypesOwnCases() throws {
        let command = try reader(["--db", "x", "--to", "3", "--dry-run"])
        #expect(try command.requiredString(.db) == "x")
        #expect(try command.string(.to) == "3")
        #expect(try command.strings(.to) == ["3"])
        #expect(try command.int(.to) == 3)
        #expect(try command.flag(.dryRun))
        #expect(try !command.flag(.json))
        #expect(command.path == ["migrate"])
        #expect(command.commandName == "restorectl migrate")
    }

    @Test func requiredIntReadsAGivenIntegerAndThrowsMissingRequiredOptionWhenAbsent() throws {
        #expect(try reader(["--db", "x", "--to", "-2"]).requiredInt(.to) == -2)
        #expect(throws: UsageError(command: "restorectl migrate", kind: .missingRequiredOption("--to"))) {
            try reader(["--db", "x"]).requiredInt(.to)
        }
    }

    @Test func remembersEveryOptionReadWhetherOrNotItWasGiven() throws {
        let command = try reader(["--db", "x"])
        _ = try command.int(.to)
        _ = try command.requiredString(.db)
        #expect(command.optionsRead == [.db, .to])
    }

    @Test func optionsReadListsWhatTheInitializerReadsInDeclarationOrder() throws {
        let command = try SampleCommands.command(["migrate", "--db", "x", "--json"])
        #expect(try SampleMigrateOptions.optionsRead(parsing: command) == [SampleCommands.database, SampleCommands.to, SampleCommands.dryRun])
    }
}
