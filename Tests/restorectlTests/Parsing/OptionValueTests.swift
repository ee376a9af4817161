import Testing

@testable import restorectl

struct OptionValueTests {
    /// `text` read as the value of `restorectl migrate --to`.
    private func integer(_ text: String) throws -> Int {
        try Int(argument: text, for: SampleCommands.to, in: "restorectl migrate")
    }

    @Test(arguments: [("0", 0), ("3", 3), ("-1", -1), ("+7", 7), ("007", 7), ("9223372036854775807", Int.max)])
    func intReadsDecimalIntegers(text: String, number: Int) throws {
        #expect(try integer(text) == number)
    }

    @Test(arguments: ["abc", "", "4.2", "0x10", " 5", "5 ", "1_000", "\u{0661}\u{0662}", "-", "+"])
    func intRejectsMalformedIntegersNamingTheOption(text: String) {
        #expect(throws: UsageError(command: "restorectl migrate", kind: .invalidInteger(option: "--to", value: text))) {
            try integer(text)
        }
    }

    @Test(arguments: ["99999999999999999999", "-99999999999999999999", "9223372036854775808"])
    func intRejectsOutOfRangeIntegersNamingTheOption(text: String) {
        #expect(throws: UsageError(command: "restorectl migrate", kind: .integerOutOfRange(option: "--to", value: text))) {
            try integer(text)
        }
    }

    @Test(arguments: [
        ("abc", "restorectl migrate: option --to expects an integer, got 'abc'"),
        ("", "restorectl migrate: option --to expects an integer, got ''"),
        ("99999999999999999999", "restorectl migrate: option --to integer '99999999999999999999' is out of range"),
    ])
    func malformedIntegerMessagesNameCommandOptionAndValue(text: String, message: String) {
        do {
            _ = try integer(text)
            Issue.record("expected a usage error for \(text)")
        } catch {
            #expect((error as? UsageError)?.message == message)
        }
    }

    @Test(arguments: ["", "-", "two\nlines"])
    func stringIsTheTextAsGiven(text: String) throws {
        #expect(try String(argument: text, for: SampleCommands.scene, in: "restorectl save") == text)
    }

    @Test(arguments: [
        OptionSpec.value("db", valueName: "PATH", help: ""), .value("state", valueName: "FILE|-", help: ""), .value("formats", valueName: "DIR", help: ""),
        .value("to", valueName: "NEW", help: "", completion: .files),
    ])
    func anEmptyPathIsAUsageErrorNamingTheOption(option: OptionSpec) throws {
        #expect(throws: UsageError(command: "restorectl save", kind: .emptyPath(option: option.spelling))) {
            try String(argument: "", for: option, in: "restorectl save")
        }
        #expect(try String(argument: "-", for: option, in: "restorectl save") == "-")
        #expect(UsageError(command: "restorectl save", kind: .emptyPath(option: option.spelling)).message == "restorectl save: option \(option.spelling) expects a path, got an empty one")
    }

    @Test(arguments: [("90d", 7_776_000.0), ("12h", 43_200), ("30m", 1_800), ("45s", 45), ("100000s", 100_000)])
    func pruneAgeReadsACountAndAUnit(text: String, seconds: Double) throws {
        let age = try PruneCommand.Age(argument: text, for: .value("unused-for", valueName: "AGE", help: ""), in: "restorectl prune")
        #expect(age.text == text && age.seconds == seconds)
    }

    @Test(arguments: ["", "d", "0d", "-1d", "9x", "1.5h", "100001s", "90 d"])
    func pruneAgeRejectsAnythingElseAsAUsageError(text: String) {
        let unusedFor = OptionSpec.value("unused-for", valueName: "AGE", help: "")
        #expect(throws: CommandFailure(.usage, "restorectl prune: --unused-for takes a positive number and a unit of d, h, m or s (90d), not '\(text)'")) {
            try PruneCommand.Age(argument: text, for: unusedFor, in: "restorectl prune")
        }
    }
}
