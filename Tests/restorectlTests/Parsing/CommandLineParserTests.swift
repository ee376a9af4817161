import Testing

@testable import restorectl

struct CommandLineParserTests {
    /// An argument list and the outcome it should produce.
    struct Case: Sendable, CustomTestStringConvertible {
        /// The arguments, without the program name.
        let arguments: [String]
        /// The expected one-line error message, or the expected help path.
        let expected: String
        /// The arguments as typed, for the test report.
        var testDescription: String { arguments.map { "[\($0)]" }.joined(separator: " ") }

        /// Creates a case.
        init(_ arguments: [String], _ expected: String) {
            self.arguments = arguments
            self.expected = expected
        }
    }

    /// Parses `arguments` and returns the usage error, or `nil` when parsing succeeded.
    private func usageError(_ arguments: [String]) -> UsageError? {
        do {
            _ = try CommandLineParser.parse(arguments, root: SampleCommands.root)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Command paths and values

    @Test func leafCommandCollectsValuesAndFlags() throws {
        let invocation = try CommandLineParser.parse(
            ["migrate", "--db", "state.sqlite", "--to", "3", "--json"],
            root: SampleCommands.root
        )
        #expect(
            invocation
                == .run(
                    ParsedCommand(
                        path: ["migrate"],
                        spec: SampleCommands.migrate,
                        commandName: "restorectl migrate",
                        values: ["db": ["state.sqlite"], "to": ["3"]],
                        flags: ["json"]
                    )))
    }

    @Test(arguments: [
        (["migrate", "--db", "x"], ["migrate"]),
        (["quarantine", "restore", "--db", "x", "--scene", "s"], ["quarantine", "restore"]),
        (["quarantine", "drop", "--scene", "s", "--db", "x"], ["quarantine", "drop"]),
        (["shelf", "save", "--db", "x", "--scene", "s"], ["shelf", "save"]),
        (["shelf", "list", "--db", "x"], ["shelf", "list"]),
    ])
    func subcommandWordsSelectTheCommandPath(arguments: [String], path: [String]) throws {
        let command = try SampleCommands.command(arguments)
        #expect(command.path == path)
        #expect(command.commandName == (["restorectl"] + path).joined(separator: " "))
    }

    @Test func wordsAfterDoubleDashStillSelectCommandsButOptionsArePositional() {
        #expect(usageError(["--", "shelf", "list", "--db", "x"])?.message == "restorectl shelf list: unexpected argument '--db'")
    }

    @Test func optionsMayComeInAnyOrder() throws {
        let command = try SampleCommands.command(["save", "--state", "s.json", "--scene", "main", "--db", "x"])
        #expect(command.values == ["state": ["s.json"], "scene": ["main"], "db": ["x"]])
        #expect(command.flags.isEmpty)
    }

    @Test(arguments: [
        ("--db=state.sqlite", "state.sqlite"),
        ("--db=a=b", "a=b"),
        ("--db=", ""),
        ("--db=--json", "--json"),
        ("--db=-", "-"),
    ])
    func equalsFormSetsTheValueAfterTheFirstEqualsSign(argument: String, value: String) throws {
        let command = try SampleCommands.command(["migrate", argument])
        #expect(command.values == ["db": [value]])
    }

    @Test func emptySeparateValueIsAValue() throws {
        let command = try SampleCommands.command(["save", "--db", "x", "--scene", "", "--state", "s.json"])
        #expect(try command.string(SampleCommands.scene) == "")
    }

    @Test func dashAloneIsAValueMeaningStandardInput() throws {
        let command = try SampleCommands.command(["save", "--db", "x", "--scene", "main", "--state", "-"])
        #expect(try command.string(SampleCommands.state) == "-")
    }

    @Test func negativeIntegerAfterAnOptionIsAValue() throws {
        let command = try SampleCommands.command(["migrate", "--db", "x", "--to", "-1"])
        #expect(try command.string(SampleCommands.to) == "-1")
        #expect(try SampleMigrateOptions.parse(command).target == -1)
    }

    @Test(arguments: [
        (["save", "--db", "x", "--state", "-", "--scene", "--account", "a"], "--scene"),
        (["save", "--db", "x", "--state", "-", "--scene", "--"], "--scene"),
        (["save", "--db", "x", "--state", "-", "--scene", "-x"], "--scene"),
        (["save", "--db", "x", "--state", "-", "--scene"], "--scene"),
    ])
    func optionLikeArgumentAfterAValueOptionIsAMissingValue(arguments: [String], option: String) {
        let error = usageError(arguments)
        #expect(error?.kind == .missingValue(option: option))
        #expect(error?.message == "restorectl save: missing value for option \(option)")
    }

    @Test func repeatableOptionKeepsEveryValueInOrder() throws {
        let command = try SampleCommands.command(["check", "--db", "x", "--scene", "a", "--scene=b", "--scene", "c"])
        #expect(try command.strings(SampleCommands.checkedScene) == ["a", "b", "c"])
        #expect(try command.string(SampleCommands.checkedScene) == "c")
    }

    @Test func doubleDashEndsOptions() {
        #expect(usageError(["migrate", "--db", "x", "--", "--json"])?.kind == .unexpectedArgument("--json"))
        #expect(usageError(["migrate", "--db", "x", "--", "--help"])?.kind == .unexpectedArgument("--help"))
        #expect(usageError(["migrate", "--db", "x", "--", "--", "a"])?.kind == .unexpectedArgument("--"))
    }

    @Test func trailingDoubleDashIsAccepted() throws {
        let command = try SampleCommands.command(["migrate", "--db", "x", "--"])
        #expect(command.values == ["db": ["x"]])
    }

    // MARK: Help and version

    @Test(arguments: [
        Case(["--help"], ""),
        Case(["-h"], ""),
        Case(["migrate", "--help"], "migrate"),
        Case(["--help", "migrate"], "migrate"),
        Case(["-h", "shelf", "save"], "shelf save"),
        Case(["shelf", "--help"], "shelf"),
        Case(["shelf", "save", "--db", "x", "-h"], "shelf save"),
        Case(["migrate", "--bogus", "--help"], "migrate"),
        Case(["migrate", "--db", "--help"], "migrate"),
        Case(["migrate", "--db", "x", "--db", "y", "extra", "--help"], "migrate"),
        Case(["migrate", "--json=1", "-h"], "migrate"),
        Case(["--version", "--help"], ""),
    ])
    func helpAnywhereBeforeDoubleDashAsksForHelpOnTheSelectedCommand(_ example: Case) throws {
        let expectedPath = example.expected.split(separator: " ").map(String.init)
        #expect(try CommandLineParser.parse(example.arguments, root: SampleCommands.root) == .help(path: expectedPath))
    }

    @Test func helpDoesNotHideAnUnknownCommand() {
        #expect(usageError(["bogus", "--help"])?.kind == .unknownCommand("bogus"))
        #expect(usageError(["shelf", "--help", "sav"])?.kind == .unknownCommand("sav"))
    }

    @Test func helpWithAValueIsAnError() {
        #expect(usageError(["migrate", "--help=yes"])?.message == "restorectl migrate: option --help does not take a value")
    }

    @Test func versionAtTopLevelAsksForTheVersion() throws {
        #expect(try CommandLineParser.parse(["--version"], root: SampleCommands.root) == .version)
    }

    @Test func versionBelowTopLevelIsAnUnknownOption() {
        #expect(usageError(["migrate", "--db", "x", "--version"])?.message == "restorectl migrate: unknown option --version")
        #expect(usageError(["--version=2"])?.message == "restorectl: option --version does not take a value")
    }

    // MARK: Errors

    static let allCommands = " (commands: migrate, save, check, quarantine, shelf)"

    @Test(arguments: [
        Case([], "restorectl: missing command" + allCommands),
        Case(["bogus"], "restorectl: unknown command 'bogus'" + allCommands),
        Case([""], "restorectl: unknown command ''" + allCommands),
        Case(["shelf"], "restorectl shelf: missing command (commands: save, restore, list)"),
        Case(["shelf", "sav"], "restorectl shelf: unknown command 'sav' (commands: save, restore, list)"),
        Case(["shelf", "--db", "x", "save"], "restorectl shelf: unknown option --db"),
        Case(["--db", "x", "migrate"], "restorectl: unknown option --db"),
        Case(["migrate"], "restorectl migrate: missing required option --db"),
        Case(["save", "--db", "x", "--state", "-"], "restorectl save: missing required option --scene"),
        Case(["migrate", "--db"], "restorectl migrate: missing value for option --db"),
        Case(["migrate", "--db", "a", "--db", "b"], "restorectl migrate: option --db given more than once"),
        Case(["migrate", "--db=a", "--db", "a"], "restorectl migrate: option --db given more than once"),
        Case(["migrate", "--db", "a", "--json", "--json"], "restorectl migrate: option --json given more than once"),
        Case(["migrate", "--db", "a", "--bogus"], "restorectl migrate: unknown option --bogus"),
        Case(["migrate", "--db", "a", "--bogus=secret"], "restorectl migrate: unknown option --bogus"),
        Case(["migrate", "--db", "a", "-x"], "restorectl migrate: unknown option -x"),
        Case(["migrate", "--db", "a", "-"], "restorectl migrate: unexpected argument '-'"),
        Case(["migrate", "--db", "a", "extra"], "restorectl migrate: unexpected argument 'extra'"),
        Case(["migrate", "--db", "a", "two\nlines"], "restorectl migrate: unexpected argument 'two\\nlines'"),
        Case(["migrate", "--db", "a", "--json=yes"], "restorectl migrate: option --json does not take a value"),
        Case(["migrate", "--bogus", "extra"], "restorectl migrate: unknown option --bogus"),
        Case(["quarantine", "drop", "--db", "x"], "restorectl quarantine drop: missing required option --scene"),
    ])
    func malformedLineThrowsAOneLineUsageErrorNamingTheCommand(_ example: Case) {
        let error = usageError(example.arguments)
        #expect(error?.message == example.expected)
        #expect(error?.message.contains("\n") == false)
    }

    @Test func errorsCarryTheirKindForCatchPatterns() {
        #expect(usageError(["migrate", "--db", "a", "--db", "b"])?.kind == .duplicateOption("--db"))
        #expect(usageError(["migrate"])?.kind == .missingRequiredOption("--db"))
        #expect(usageError(["migrate", "--db", "a", "--json=1"])?.kind == .unexpectedValue(option: "--json"))
        #expect(usageError(["migrate", "--db", "a", "--nope"])?.kind == .unknownOption("--nope"))
        #expect(usageError(["shelf"])?.kind == .missingCommand)
        #expect(usageError(["shelf"])?.availableCommands == ["save", "restore", "list"])
    }

    /// A negative number with a unit (`--unused-for -5d`) is a value its option refuses in its
    /// own words ("takes a positive number"), not a missing value.
    @Test(arguments: ["-", "-1", "-42", "-5d", "-1a", "value", "", "a-b"])
    func wordsThatAreNotOptions(_ argument: String) {
        #expect(!CommandLineParser.isOptionLike(argument))
    }

    @Test(arguments: ["--", "--json", "--db=x", "-h", "-x", "--1"])
    func wordsThatAreOptions(_ argument: String) {
        #expect(CommandLineParser.isOptionLike(argument))
    }
}
