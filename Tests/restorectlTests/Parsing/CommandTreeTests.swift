import Testing

@testable import restorectl

/// The real command tree: every runnable command carries its action, takes its options from
/// its options type, and that type reads exactly the options its spec declares.
struct CommandTreeTests {
    /// Every command of the tree with its path below the root.
    private static let commands: [(path: [String], spec: CommandSpec)] = {
        func walk(_ spec: CommandSpec, _ path: [String]) -> [(path: [String], spec: CommandSpec)] {
            [(path, spec)] + spec.subcommands.flatMap { walk($0, path + [$0.name]) }
        }
        return walk(CommandTable.root, [])
    }()

    /// Every runnable command of the tree with its path below the root and its action.
    private static let runnableCommands: [(path: [String], spec: CommandSpec, action: CommandAction)] = commands.compactMap { path, spec in
        spec.action.map { (path, spec, $0) }
    }

    @Test func runnableCommandsCarryAnActionAndGroupsDoNot() {
        for (path, spec) in Self.commands {
            #expect((spec.action != nil) == !spec.isGroup, "restorectl \(path.joined(separator: " "))")
        }
    }

    /// A command line giving `options` of the command at `path` a value its options type accepts.
    private func commandLine(_ path: [String], _ options: [OptionSpec]) -> [String] {
        path
            + options.flatMap { option -> [String] in
                guard option.takesValue else { return [option.spelling] }
                switch (option.completion, option.kind) {
                case (.words(let words), _): return [option.spelling, words[0]]
                case (_, .value("N")): return [option.spelling, "1"]
                case (_, .value("AGE")): return [option.spelling, "90d"]
                default: return [option.spelling, "x"]
                }
            }
    }

    /// The options the command at `path` reads from `arguments`, failing the test when the line
    /// does not parse to that command or its options type rejects it.
    private func optionsRead(_ path: [String], _ action: CommandAction, from arguments: [String]) throws -> [OptionSpec] {
        guard case .run(let command) = try CommandLineParser.parse(arguments, root: CommandTable.root) else {
            Issue.record("\(arguments) did not parse to a command")
            return []
        }
        #expect(command.path == path)
        return try action.optionsType.optionsRead(parsing: command)
    }

    @Test func aRunnableCommandsSpecListsExactlyItsOptionsTypesDeclaredOptions() {
        for (path, spec, action) in Self.runnableCommands {
            #expect(spec.options == action.optionsType.declaredOptions, "restorectl \(path.joined(separator: " "))")
        }
    }

    @Test func everyOptionACommandReadsIsDeclaredInItsSpec() throws {
        for (path, spec, action) in Self.runnableCommands {
            let minimal = commandLine(path, spec.options.filter(\.isRequired))
            let full = commandLine(path, spec.options)
            for arguments in [minimal, full] {
                for option in try optionsRead(path, action, from: arguments) {
                    #expect(spec.options.contains(option), "\(arguments.joined(separator: " ")) reads undeclared \(option.spelling)")
                }
            }
        }
    }

    @Test func everyOptionACommandDeclaresIsReadFromAFullCommandLine() throws {
        for (path, spec, action) in Self.runnableCommands {
            let read = try optionsRead(path, action, from: commandLine(path, spec.options))
            #expect(read.map(\.name) == spec.options.map(\.name), "restorectl \(path.joined(separator: " "))")
        }
    }

    @Test func noCommandDeclaresTwoOptionsWithOneName() {
        for (path, spec) in Self.commands {
            #expect(Set(spec.options.map(\.name)).count == spec.options.count, "restorectl \(path.joined(separator: " "))")
        }
    }

    @Test func readingAnOptionTheCommandDoesNotDeclareIsAnInternalErrorInEveryBuild() throws {
        let command = try SampleCommands.command(["migrate", "--db", "x"])
        #expect(throws: CommandFailure(.software, "internal error: restorectl migrate declares no value option --scene")) {
            try command.string(SampleCommands.scene)
        }
        #expect(throws: CommandFailure(.software, "internal error: restorectl migrate declares no flag --to")) {
            try command.flag(SampleCommands.to)
        }
    }

    @Test func commandAndOptionNamesNeedNoQuotingInAShell() {
        let plain = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
        for (path, spec) in Self.commands {
            #expect(spec.name.allSatisfy(plain.contains) || path.isEmpty, "\(spec.name)")
            for option in spec.options {
                #expect(option.name.allSatisfy(plain.contains), "--\(option.name)")
            }
        }
    }
}
