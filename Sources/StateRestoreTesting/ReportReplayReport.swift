/// What a ``ReportReplay`` found: each scene whose outcome differs from its expectation, the
/// other failures (a kind the replay does not name, a missing expectations file, a file that
/// cannot be replayed), notes, and what recording wrote.
public struct ReportReplayReport: Sendable, CustomStringConvertible {
    /// The database file replayed.
    public let database: String
    /// The expectations file's name, beside it.
    public let expectations: String
    /// The scenes whose outcome differs from the expectation, in the replay's order.
    public internal(set) var differences: [ReplayDifference] = []
    /// What else fails the replay, each a readable line with the fix.
    public internal(set) var failures: [String] = []
    /// The kinds of the file's records that the replay does not name (each also a failure).
    public internal(set) var unnamedKinds: [String] = []
    /// What is worth knowing but allowed: what recording changed.
    public internal(set) var notes: [String] = []
    /// The files recording wrote, by name.
    public internal(set) var recorded: [String] = []
    /// How many records were restored through the app's kinds.
    public internal(set) var scenesReplayed = 0

    /// Whether every scene's outcome is the expected one and nothing else failed.
    public var isPassing: Bool { differences.isEmpty && failures.isEmpty }

    /// The report as lines: a verdict, then each difference, failure, note and recorded file.
    public var description: String {
        let problems = differences.count + failures.count
        var lines = [
            isPassing
                ? "\(database): every scene's outcome (\(scenesReplayed)) is the one \(expectations) expects"
                : "\(database): the replay differs from \(expectations) (\(problems) failure\(problems == 1 ? "" : "s"))"
        ]
        lines += differences.map { "✗ \($0)" }
        lines += failures.map { "✗ \($0)" }
        lines += notes.map { "• \($0)" }
        lines += recorded.map { "recorded \($0)" }
        return lines.joined(separator: "\n")
    }
}
