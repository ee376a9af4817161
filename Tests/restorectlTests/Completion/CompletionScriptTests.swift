import Foundation
import ScreenKinds
import StateRestore
import TestSupport
import Testing

@testable import restorectl

/// The completion scripts, loaded in real shells. bash is required; zsh and fish are checked
/// when installed (`.ci/run` installs both).
struct CompletionScriptTests {
    /// The completions bash offers for `line` (the words before the cursor, the last one being
    /// completed), by sourcing the script and calling its function as `complete -F` would.
    private func bashCompletions(_ words: [String], directory: TemporaryDirectory) throws -> [String] {
        let script = directory.path("restorectl.bash")
        try CompletionShell.bash.script(for: CommandTable.root).write(toFile: script, atomically: true, encoding: .utf8)
        let quotedWords = words.map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }.joined(separator: " ")
        let output = try Shell.run(
            "bash",
            [
                "--norc", "--noprofile", "-c",
                """
                source '\(script)' || exit 3
                COMP_WORDS=(\(quotedWords)); COMP_CWORD=\(words.count - 1)
                COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
                _restorectl restorectl "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
                printf '%s\\n' "${COMPREPLY[@]}"
                """,
            ])
        return output.split(separator: "\n").map(String.init)
    }

    @Test(arguments: [
        (["restorectl", "qu"], ["quarantine"]),
        (["restorectl", "mo"], ["move"]),
        (["restorectl", "move", "--db", "x", "--t"], ["--to"]),
        (["restorectl", "disc"], ["discard"]),
        (["restorectl", "discard", "--a"], ["--account"]),
        (["restorectl", "restore", "--k"], ["--kind"]),
        (["restorectl", "restore", "--db", "x", "--js"], ["--json"]),
        (["restorectl", "shelf", "s"], ["save"]),
        (["restorectl", "quarantine", "restore", "--r"], ["--replace"]),
        (["restorectl", "--v"], ["--version"]),
        (["restorectl", "migrate", "--v"], []),
        (["restorectl", "save", "--scene", ""], []),
    ])
    func bashCompletesCommandsAndOptions(words: [String], expected: [String]) throws {
        let directory = try TemporaryDirectory()
        #expect(try bashCompletions(words, directory: directory) == expected)
    }

    @Test func bashCompletesKindValuesFromTheBuiltInKinds() throws {
        let directory = try TemporaryDirectory()
        let kinds = RecordKind.builtIn.map(\.name)
        #expect(try bashCompletions(["restorectl", "restore", "--kind", ""], directory: directory) == kinds)
        #expect(try bashCompletions(["restorectl", "inspect", "--kind", "no"], directory: directory) == ["notes"])
    }

    @Test func bashCompletesFileNamesForFileAndPathOptions() throws {
        let directory = try TemporaryDirectory()
        try Data("{}".utf8).write(to: URL(fileURLWithPath: directory.path("books.json")))
        #expect(try bashCompletions(["restorectl", "restore", "--document", directory.path("boo")], directory: directory) == [directory.path("books.json")])
        #expect(try bashCompletions(["restorectl", "move", "--db", "x", "--to", directory.path("boo")], directory: directory) == [directory.path("books.json")])
        #expect(try bashCompletions(["restorectl", "shelf", "save", "--db", directory.path("boo")], directory: directory) == [directory.path("books.json")])
    }

    @Test(.enabled(if: Shell.isInstalled("zsh"))) func zshScriptParsesAndRegistersItsFunction() throws {
        let directory = try TemporaryDirectory()
        let script = directory.path("_restorectl")
        try CompletionShell.zsh.script(for: CommandTable.root).write(toFile: script, atomically: true, encoding: .utf8)
        _ = try Shell.run("zsh", ["-n", script])
        let output = try Shell.run(
            "zsh",
            [
                "-f", "-c",
                "autoload -U compinit && compinit -u -D -d '\(directory.path("zcompdump"))' && source '\(script)' && print -r -- $_comps[restorectl] && whence -w _restorectl_shelf_save",
            ])
        #expect(output == "_restorectl\n_restorectl_shelf_save: function\n")
    }

    @Test(.enabled(if: Shell.isInstalled("fish"))) func fishScriptParsesAndCompletes() throws {
        let directory = try TemporaryDirectory()
        let script = directory.path("restorectl.fish")
        try CompletionShell.fish.script(for: CommandTable.root).write(toFile: script, atomically: true, encoding: .utf8)
        _ = try Shell.run("fish", ["--no-config", "-n", script])
        let output = try Shell.run(
            "fish",
            [
                "--no-config", "-c",
                "source '\(script)'; complete -C 'restorectl qu'; complete -C 'restorectl restore --k'; complete -C 'restorectl shelf --db x s'",
            ])
        let words = output.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
        #expect(words == ["quarantine", "--kind", "save"])
    }
}

/// Runs a shell found on `PATH` and returns its standard output.
private enum Shell {
    /// The shell's path on `PATH`, if any.
    static func path(of name: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether the shell is installed.
    static func isInstalled(_ name: String) -> Bool { path(of: name) != nil }

    /// Runs `name` with `arguments`; a non-zero exit or output on stderr fails.
    static func run(_ name: String, _ arguments: [String]) throws -> String {
        guard let path = path(of: name) else { throw Failure("\(name) is not installed") }
        let run = try ChildRun(tool: URL(fileURLWithPath: path), arguments)
        guard run.status == 0, run.stderr.isEmpty else { throw Failure("\(name) exited \(run.exit): \(run.stderr)") }
        return run.stdout
    }

    /// A shell that could not run or failed.
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
