import Testing

@testable import restorectl

/// The real command tree: every runnable command carries its action, and its typed options
/// read only what its spec declares.
struct CommandTreeTests {
    /// Every command of the tree with its path below the root.
    private static let commands: [(path: [String], spec: CommandSpec)] = {
        func walk(_ spec: CommandSpec, _ path: [String]) -> [(path: [String], spec: CommandSpec)] {
            [(path, spec)] + spec.subcommands.flatMap { walk($0, path + [$0.name]) }
        }
        return walk(CommandTable.root, [])
    }()

    @Test func runnableCommandsCarryAnActionAndGroupsDoNot() {
        for (path, spec) in Self.commands {
            #expect((spec.action != nil) == !spec.isGroup, "restorectl \(path.joined(separator: " "))")
        }
    }

    /// A command line giving every option of `spec` a value its options type accepts.
    private func fullCommandLine(_ path: [String], _ spec: CommandSpec) -> [String] {
        path
            + spec.options.flatMap { option -> [String] in
                guard option.takesValue else { return [option.spelling] }
                switch option.completion {
                case .words(let words): return [option.spelling, words[0]]
                default: return [option.spelling, option.name == "id" || option.name == "to" ? "1" : "x"]
                }
            }
    }

    @Test func everyCommandsOptionsParseFromAFullCommandLine() throws {
        for (path, spec) in Self.commands where !spec.isGroup {
            let action = try #require(spec.action)
            guard case .run(let command) = try CommandLineParser.parse(fullCommandLine(path, spec), root: CommandTable.root) else {
                Issue.record("restorectl \(path.joined(separator: " ")) did not parse")
                continue
            }
            #expect(throws: Never.self, "restorectl \(path.joined(separator: " "))") {
                _ = try action.optionsType.init(parsing: command)
            }
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
