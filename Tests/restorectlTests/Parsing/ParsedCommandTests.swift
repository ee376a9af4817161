import Testing

@testable import restorectl

struct ParsedCommandTests {
    /// `restorectl migrate --db x --to <value>`.
    private func migrate(to value: String) throws -> ParsedCommand {
        try SampleCommands.command(["migrate", "--db", "x", "--to", value])
    }

    @Test(arguments: [("0", 0), ("3", 3), ("-1", -1), ("+7", 7), ("007", 7), ("9223372036854775807", Int.max)])
    func intReadsDecimalIntegers(text: String, number: Int) throws {
        #expect(try migrate(to: text).int(SampleCommands.to) == number)
    }

    @Test func intIsNilWhenTheOptionIsAbsent() throws {
        let command = try SampleCommands.command(["migrate", "--db", "x"])
        #expect(try command.int(SampleCommands.to) == nil)
    }

    @Test(arguments: ["abc", "", "4.2", "0x10", " 5", "5 ", "1_000", "\u{0661}\u{0662}", "-", "+"])
    func intRejectsMalformedIntegersNamingTheOption(text: String) throws {
        let command = try migrate(to: text)
        #expect(throws: UsageError(command: "restorectl migrate", kind: .invalidInteger(option: "--to", value: text))) {
            try command.int(SampleCommands.to)
        }
    }

    @Test(arguments: ["99999999999999999999", "-99999999999999999999", "9223372036854775808"])
    func intRejectsOutOfRangeIntegersNamingTheOption(text: String) throws {
        let command = try migrate(to: text)
        #expect(throws: UsageError(command: "restorectl migrate", kind: .integerOutOfRange(option: "--to", value: text))) {
            try command.int(SampleCommands.to)
        }
    }

    @Test(arguments: [
        ("abc", "restorectl migrate: option --to expects an integer, got 'abc'"),
        ("", "restorectl migrate: option --to expects an integer, got ''"),
        ("99999999999999999999", "restorectl migrate: option --to integer '99999999999999999999' is out of range"),
    ])
    func malformedIntegerMessagesNameCommandOptionAndValue(text: String, message: String) throws {
        let command = try migrate(to: text)
        do {
            _ = try command.int(SampleCommands.to)
            Issue.record("expected a usage error for \(text)")
        } catch {
            #expect((error as? UsageError)?.message == message)
        }
    }

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
