import Testing

@testable import restorectl

struct ParsedCommandTests {
    @Test func stringIsNilOnlyWhenTheOptionIsAbsent() throws {
        let command = try SampleCommands.command(["save", "--db", "x", "--scene", "", "--state", "-"])
        #expect(try command.string(SampleCommands.scene) == "")
        #expect(try command.string(SampleCommands.account) == nil)
        #expect(try command.strings(SampleCommands.account) == [])
    }

    @Test func flagReportsWhetherItWasGiven() throws {
        let given = try SampleCommands.command(["migrate", "--db", "x", "--dry-run"])
        #expect(try given.flag(SampleCommands.dryRun))
        #expect(try !given.flag(SampleCommands.json))
    }
}
